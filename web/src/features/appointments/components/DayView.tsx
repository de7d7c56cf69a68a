import Box from '@mui/material/Box';
import { format, getDay, parse, parseISO, startOfWeek } from 'date-fns';
import { enUS } from 'date-fns/locale';
import { cloneElement, isValidElement, memo, useEffect, useMemo, useRef, type ReactElement, type ReactNode } from 'react';
import { Calendar, dateFnsLocalizer, type EventPropGetter, type Formats, type SlotInfo, type TimeGridProps } from 'react-big-calendar';
import 'react-big-calendar/lib/css/react-big-calendar.css';
import type { Appointment, Transparency } from '@/api/scheduling/keys';
import { fromDeviceWallClock, toDeviceWallClock } from '@/lib/time-zone';
import { inkOn, overlapsBlockOut } from '../lib/schedule-rules';
import { CALENDAR_STEP_MINUTES, CALENDAR_TIMESLOTS, LONG_PRESS_MS } from '../lib/constants';

// Weeks start on Sunday (spec part 2, section 9).
const localizer = dateFnsLocalizer({ format, parse, startOfWeek: (d: Date) => startOfWeek(d, { weekStartsOn: 0 }), getDay, locales: { 'en-US': enUS } });

const clockTimes = new Map<number, string>();
/** 'h:mm a', each time of day formatted once: the calendar asks again for every label at every render. */
function clockTime(date: Date): string {
  const minute = date.getHours() * 60 + date.getMinutes();
  let text = clockTimes.get(minute);
  if (text === undefined) {
    text = format(date, 'h:mm a');
    clockTimes.set(minute, text);
  }
  return text;
}

const range = ({ start, end }: { start: Date; end: Date }) => `${clockTime(start)} – ${clockTime(end)}`;
const FORMATS: Formats = {
  timeGutterFormat: clockTime,
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
  /** An appointment over a block-out: drawn right of the block-out's name, which stays readable. */
  besideBlockOut?: boolean;
}

/**
 * The share of the day's width an appointment over a block-out leaves, on the left, for the
 * block-out's name: a number (CSS custom property), so rbc's own left and width, which are
 * lengths such as 'calc(50% + 3px)', can be scaled into the rest.
 */
const STRIP = '--pc-blockout-strip';

/** Where react-big-calendar put an event across the day: a length, or a number of percent. */
interface EventPlace {
  width?: number | string;
  xOffset?: number | string;
}

const asLength = (v: number | string | undefined, fallback: string) => (v === undefined ? fallback : typeof v === 'number' ? `${v}%` : v);

/**
 * Block-outs are drawn, not buttons: no role, no tab stop, no clicks. An appointment over a
 * block-out is narrowed into the part of the day right of the block-out's name (without
 * this it covered 'Lunch' entirely).
 */
function EventWrapper({ children, isBackgroundEvent, event, style }: { children?: ReactNode; isBackgroundEvent?: boolean; event?: CalendarEvent; style?: EventPlace }) {
  if (!isValidElement(children)) return <>{children}</>;
  const child = children as ReactElement<{ style?: Record<string, unknown> }>;
  if (isBackgroundEvent) return cloneElement(child as ReactElement<Record<string, unknown>>, { role: undefined, tabIndex: undefined, onClick: undefined, onKeyDown: undefined, 'data-blockout': 'true' });
  if (!event?.besideBlockOut) return <>{children}</>;
  return cloneElement(child, {
    style: {
      ...child.props.style,
      left: `calc(var(${STRIP}) * 100% + ${asLength(style?.xOffset, '0%')} * (1 - var(${STRIP})))`,
      width: `calc(${asLength(style?.width, '100%')} * (1 - var(${STRIP})))`,
    },
  });
}

/** The appointment's second line: its type and status. */
const typeAndStatus = (a: Appointment) => [a.type, a.status].filter(Boolean).join(' · ');

function EventContent({ event }: { event: CalendarEvent }) {
  if (event.blockOut) return <span>{event.blockOut.blockName}</span>;
  const a = event.appointment!;
  return (
    <span>
      <strong>{a.patientNameDisplay}</strong>
      {a.pending ? ' (pending)' : ''}
      <br />
      {typeAndStatus(a)}
    </span>
  );
}

/**
 * The whole text of an event as its tooltip: a short appointment (15 minutes) shows only
 * its first lines, and the rest stays readable on hover and to assistive technology.
 */
function eventTooltip(event: CalendarEvent): string {
  if (event.blockOut) return event.blockOut.blockName;
  const a = event.appointment!;
  return [`${a.patientNameDisplay}${a.pending ? ' (pending)' : ''}`, typeAndStatus(a)].filter(Boolean).join('\n');
}

/**
 * The day view hands its props on to its time grid. Given the width of the grid header's time
 * gutter (the header is hidden here), the grid does not measure its time gutter once mounted: a
 * forced layout, then a second render of the whole day, and a third for its overflow check,
 * each time the schedule opens (issue 17).
 */
const TIME_GRID: Pick<TimeGridProps, 'width'> = { width: 1 };

/**
 * One resource's day on react-big-calendar (spec part 2, 'Appointment schedule'): 15-minute
 * step, two slots per step, the preferences' hours, weeks from Sunday, 'h:mm a'. Times are
 * the practice's: instants are drawn on the practice's wall clock. Dragging (a long press on
 * touch) on empty time hands back the span; tapping an appointment opens it.
 */
function DayView({
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
        besideBlockOut: overlapsBlockOut(a, blockOuts),
      })),
    [appointments, blockOuts, zone],
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
        // About 90 px of a phone's day, 140 px of a desktop's.
        [STRIP]: { xs: 0.3, sm: 0.2, md: 0.15 },
        height: { xs: 'calc(100dvh - 260px)', md: 'calc(100dvh - 240px)' },
        minHeight: 420,
        '& .rbc-time-header': { display: 'none' },
        // Sideways swipes change the resource (the schedule's swipe area): the calendar's own
        // scroller only scrolls up and down, and never hands a sideways overscroll to the page.
        '& .rbc-time-content': { borderTop: 'none', touchAction: 'pan-y pinch-zoom', overscrollBehaviorX: 'contain' },
        '& .rbc-background-event, & .pc-blockout': { pointerEvents: 'none', cursor: 'default' },
        // A block-out's name and times keep to the strip its appointments leave free.
        '& .pc-blockout .rbc-event-label, & .pc-blockout .rbc-event-content': { maxWidth: `calc(var(${STRIP}) * 100%)`, whiteSpace: 'normal', overflowWrap: 'anywhere' },
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
        {...TIME_GRID}
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
        tooltipAccessor={eventTooltip}
        components={{ event: EventContent, eventWrapper: EventWrapper as never }}
        onSelectEvent={(event) => {
          if (event.appointment) onOpen(event.appointment.appointmentId);
        }}
        onSelectSlot={(slot: SlotInfo) => {
          if (slot.action !== 'select') return;
          onSelectSlot(fromDeviceWallClock(slot.start, zone), fromDeviceWallClock(slot.end, zone));
        }}
        // A new day view's scroller is at the top of the day already; the calendar's own scroll
        // there, once mounted, only made the browser lay out the page in the middle of drawing it.
        enableAutoScroll={false}
        dayLayoutAlgorithm="no-overlap"
      />
    </Box>
  );
}

/** Rendered again only when a prop changes (the schedule keeps them the same objects meanwhile). */
export default memo(DayView);
