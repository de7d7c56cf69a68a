import Box from '@mui/material/Box';
import { format, getDay, parse, parseISO, startOfWeek } from 'date-fns';
import { enUS } from 'date-fns/locale';
import { cloneElement, isValidElement, useEffect, useMemo, useRef, type ReactElement, type ReactNode } from 'react';
import { Calendar, dateFnsLocalizer, type EventPropGetter, type Formats, type SlotInfo } from 'react-big-calendar';
import 'react-big-calendar/lib/css/react-big-calendar.css';
import type { Appointment, Transparency } from '@/api/scheduling/keys';
import { fromDeviceWallClock, toDeviceWallClock } from '@/lib/time-zone';
import { inkOn } from '../lib/schedule-rules';
import { CALENDAR_STEP_MINUTES, CALENDAR_TIMESLOTS, LONG_PRESS_MS } from '../lib/constants';

// Weeks start on Sunday (spec part 2, section 9).
const localizer = dateFnsLocalizer({ format, parse, startOfWeek: (d: Date) => startOfWeek(d, { weekStartsOn: 0 }), getDay, locales: { 'en-US': enUS } });

const range = ({ start, end }: { start: Date; end: Date }) => `${format(start, 'h:mm a')} – ${format(end, 'h:mm a')}`;
const FORMATS: Formats = {
  timeGutterFormat: 'h:mm a',
  eventTimeRangeFormat: range,
  selectRangeFormat: range,
  dayHeaderFormat: 'EEEE MM/dd/yyyy',
};

interface CalendarEvent {
  id: string;
  title: string;
  start: Date;
  end: Date;
  appointment?: Appointment;
  blockOut?: Transparency;
}

/** Block-outs are drawn, not buttons: no role, no tab stop, no clicks. */
function EventWrapper({ children, isBackgroundEvent }: { children?: ReactNode; isBackgroundEvent?: boolean }) {
  if (!isBackgroundEvent || !isValidElement(children)) return <>{children}</>;
  return cloneElement(children as ReactElement<Record<string, unknown>>, { role: undefined, tabIndex: undefined, onClick: undefined, onKeyDown: undefined, 'data-blockout': 'true' });
}

function EventContent({ event }: { event: CalendarEvent }) {
  if (event.blockOut) return <span>{event.blockOut.blockName}</span>;
  const a = event.appointment!;
  return (
    <span>
      <strong>{a.patientNameDisplay}</strong>
      {a.pending ? ' (pending)' : ''}
      <br />
      {[a.type, a.status].filter(Boolean).join(' · ')}
    </span>
  );
}

/**
 * One resource's day on react-big-calendar (spec part 2, 'Appointment schedule'): 15-minute
 * step, two slots per step, the preferences' hours, weeks from Sunday, 'h:mm a'. Times are
 * the practice's: instants are drawn on the practice's wall clock. Dragging (a long press on
 * touch) on empty time hands back the span; tapping an appointment opens it.
 */
export default function DayView({
  date,
  zone,
  appointments,
  blockOuts,
  hours,
  colors,
  onOpen,
  onSelectSlot,
}: {
  date: string;
  zone: string;
  appointments: Appointment[];
  blockOuts: Transparency[];
  hours: { start: [number, number]; end: [number, number] };
  colors: boolean;
  onOpen: (appointmentId: number) => void;
  onSelectSlot: (start: Date, end: Date) => void;
}) {
  const day = parseISO(date);
  const min = new Date(day.getFullYear(), day.getMonth(), day.getDate(), hours.start[0], hours.start[1]);
  const max = new Date(day.getFullYear(), day.getMonth(), day.getDate(), hours.end[0], hours.end[1]);
  const events = useMemo<CalendarEvent[]>(
    () =>
      appointments.map((a) => ({
        id: `a${a.appointmentId}`,
        title: a.patientNameDisplay,
        start: toDeviceWallClock(a.start, zone),
        end: toDeviceWallClock(a.end, zone),
        appointment: a,
      })),
    [appointments, zone],
  );
  const background = useMemo<CalendarEvent[]>(
    () =>
      blockOuts.map((b) => ({
        id: `t${b.transparencyId}`,
        title: b.blockName,
        start: toDeviceWallClock(b.start, zone),
        end: toDeviceWallClock(b.end, zone),
        blockOut: b,
      })),
    [blockOuts, zone],
  );
  // The calendar's scrolling area is reachable by keyboard (a scrollable region must be focusable).
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const content = box.current?.querySelector('.rbc-time-content');
    if (content && !content.hasAttribute('tabindex')) {
      content.setAttribute('tabindex', '0');
      content.setAttribute('role', 'group');
      content.setAttribute('aria-label', 'Times of the day');
    }
  });
  const eventProps: EventPropGetter<CalendarEvent> = (event) => {
    if (event.blockOut) {
      const color = event.blockOut.color;
      return { style: { backgroundColor: color, color: inkOn(color), opacity: 0.85, border: 'none' }, className: 'pc-blockout' };
    }
    const a = event.appointment!;
    const bg = colors && a.colors.color1 ? a.colors.color1 : '#1F6A96';
    return {
      style: { backgroundColor: bg, color: inkOn(bg), border: a.pending ? '2px dashed #000' : '1px solid rgba(0,0,0,0.3)' },
      className: 'pc-appointment',
    };
  };
  return (
    <Box
      ref={box}
      data-testid="day-view"
      sx={{
        height: { xs: 'calc(100dvh - 260px)', md: 'calc(100dvh - 240px)' },
        minHeight: 420,
        '& .rbc-time-header': { display: 'none' },
        '& .rbc-time-content': { borderTop: 'none' },
        '& .rbc-background-event, & .pc-blockout': { pointerEvents: 'none', cursor: 'default' },
        '& .rbc-event, & .rbc-background-event': { fontSize: '0.8rem', lineHeight: 1.25 },
        '& .rbc-event:focus-visible, & .rbc-time-content:focus-visible': { outline: '3px solid #0D2330', outlineOffset: 1 },
        '& .rbc-label': { color: 'text.secondary', fontSize: '0.75rem' },
        '& .rbc-current-time-indicator': { backgroundColor: '#B71C1C' },
        // Half an hour is 56 px, so a 15-minute appointment shows its two lines.
        '& .rbc-timeslot-group': { minHeight: 56 },
        '& .rbc-today': { backgroundColor: 'transparent' },
      }}
    >
      <Calendar<CalendarEvent>
        localizer={localizer}
        culture="en-US"
        date={day}
        onNavigate={() => undefined}
        view="day"
        views={['day']}
        onView={() => undefined}
        toolbar={false}
        step={CALENDAR_STEP_MINUTES}
        timeslots={CALENDAR_TIMESLOTS}
        min={min}
        max={max}
        events={events}
        backgroundEvents={background}
        getNow={() => toDeviceWallClock(new Date(), zone)}
        formats={FORMATS}
        selectable
        longPressThreshold={LONG_PRESS_MS}
        eventPropGetter={eventProps}
        components={{ event: EventContent, eventWrapper: EventWrapper as never }}
        onSelectEvent={(event) => {
          if (event.appointment) onOpen(event.appointment.appointmentId);
        }}
        onSelectSlot={(slot: SlotInfo) => {
          if (slot.action !== 'select') return;
          onSelectSlot(fromDeviceWallClock(slot.start, zone), fromDeviceWallClock(slot.end, zone));
        }}
        scrollToTime={min}
        dayLayoutAlgorithm="no-overlap"
      />
    </Box>
  );
}
