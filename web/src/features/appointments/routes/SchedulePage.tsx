import Add from '@mui/icons-material/Add';
import ChevronLeft from '@mui/icons-material/ChevronLeft';
import ChevronRight from '@mui/icons-material/ChevronRight';
import EventOutlined from '@mui/icons-material/EventOutlined';
import FilterList from '@mui/icons-material/FilterList';
import Refresh from '@mui/icons-material/Refresh';
import ViewDayOutlined from '@mui/icons-material/ViewDayOutlined';
import ViewListOutlined from '@mui/icons-material/ViewListOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Fab from '@mui/material/Fab';
import FormControl from '@mui/material/FormControl';
import IconButton from '@mui/material/IconButton';
import InputLabel from '@mui/material/InputLabel';
import LinearProgress from '@mui/material/LinearProgress';
import NativeSelect from '@mui/material/NativeSelect';
import OutlinedInput from '@mui/material/OutlinedInput';
import Paper from '@mui/material/Paper';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { usePreferences } from '@/api/preferences/get-preferences';
import type { ApptFilters } from '@/api/preferences/model';
import { useSavePreference } from '@/api/preferences/save-preference';
import { useDayAppointments, usePracticeTimeZone } from '@/api/scheduling/get-day-appointments';
import { scheduleKeys, type Appointment } from '@/api/scheduling/keys';
import { DeferredTooltip } from '@/components/DeferredTooltip';
import { FilterCountBadge } from '@/components/FilterCountBadge';
import { EmptyText } from '@/components/page-parts';
import { OnceOpened } from '@/components/form/once-opened';
import { usePageTitle } from '@/components/page-title';
import { getCurrentPatientId } from '@/lib/current-patient';
import { lazyComponent } from '@/lib/kept-module';
import { DRAWER_WIDTH } from '@/lib/constants';
import { todayIn } from '@/lib/time-zone';
import { useResources } from '../api/get-options';
import { useTransparencies } from '../api/get-transparencies';
import { prefetchDay } from '../api/prefetch-schedule';
import { useScheduleVersionWatch } from '../api/watch-version';
import { loadDayView } from '../components/day-view-loader';
import { FilterNotice } from '../components/FilterNotice';
import { ListView } from '../components/ListView';
import type { AppointmentDraft } from '../lib/appointment-form';
import { apptFilterCount, newAppointmentStart, calendarHours, dayQuery, dayTitle, filteredLine, neighbourDays, shownResources, stepResource, swipeStep, withoutApptFilters } from '../lib/schedule-rules';
import { DEFAULT_APPOINTMENT_LENGTH } from '../lib/constants';
import { SCHEDULE_TEXT } from '../lib/texts';

// The calendar (react-big-calendar and its styles) is only ever loaded with the day view; once
// loaded (with the schedule's code), the page's first render draws it without suspending.
const DayView = lazyComponent(loadDayView, (m) => m.default);
// Asked for as soon as the schedule's code runs: at start on the schedule, or when the user points
// at it, the app loads the day view's file beside this one, so it is kept by the time the page renders.
void loadDayView().catch(() => undefined);
// The dialogs (the appointment form with its rules, the date picker, the filters, the patient
// chooser) load when first opened, not with the schedule.
const AppointmentFormDialog = lazy(() => import('../components/AppointmentFormDialog').then((m) => ({ default: m.AppointmentFormDialog })));
const DateDialog = lazy(() => import('../components/DateDialog').then((m) => ({ default: m.DateDialog })));
const ScheduleFiltersDialog = lazy(() => import('../components/ScheduleFiltersDialog').then((m) => ({ default: m.ScheduleFiltersDialog })));
const PatientChooserDialog = lazy(() => import('@/components/patient-search/PatientChooserDialog').then((m) => ({ default: m.PatientChooserDialog })));

const isDay = (v: string | null): v is string => !!v && /^\d{4}-\d{2}-\d{2}$/.test(v);

/**
 * Chromium turns a sideways overscroll of the page into Back / Forward, which left the
 * schedule on a right swipe: while it is open, sideways swipes are the day view's own.
 */
function useNoSidewaysOverscroll() {
  useEffect(() => {
    const targets = [document.documentElement, document.body];
    const before = targets.map((el) => el.style.overscrollBehaviorX);
    for (const el of targets) el.style.overscrollBehaviorX = 'none';
    return () => targets.forEach((el, i) => (el.style.overscrollBehaviorX = before[i] ?? ''));
  }, []);
}

/** The swipe area takes sideways gestures itself; the page still scrolls up and down and zooms. */
const SWIPE_AREA = { touchAction: 'pan-y pinch-zoom', overscrollBehaviorX: 'contain' } as const;

/**
 * /appointments (spec part 2, 'Appointment schedule'): the date title with its calendar
 * dialog, the day/list toggle (saved as defaultSchedulingView, read once), reload, the
 * 'Filter Appointments' dialog (saved as apptFilters), the day or list, the bottom bar
 * of days and 'New Appointment'. The date and resource live in the address (?date=&resource=),
 * so coming back from an appointment shows the same day.
 */
export default function SchedulePage() {
  usePageTitle(SCHEDULE_TEXT.pageTitle);
  useScheduleVersionWatch();
  useNoSidewaysOverscroll();
  const zone = usePracticeTimeZone();
  const prefs = usePreferences();
  const savePreference = useSavePreference();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const today = todayIn(zone);
  const date = isDay(params.get('date')) ? params.get('date')! : today;
  const [dayView, setDayView] = useState(() => prefs.defaultSchedulingView !== 'listView');
  const filters = prefs.apptFilters;
  const [calendarOpen, setCalendarOpen] = useState(false);
  const [filtersOpen, setFiltersOpen] = useState(false);
  const [choosing, setChoosing] = useState<AppointmentDraft | null>(null);
  const [formDraft, setFormDraft] = useState<AppointmentDraft | null>(null);
  const [formOpen, setFormOpen] = useState(false);
  // A patient was chosen: the form opens when the chooser has closed.
  const formAfterChooser = useRef(false);

  const resourcesQuery = useResources();
  const resources = useMemo(() => shownResources(resourcesQuery.data ?? [], filters), [resourcesQuery.data, filters]);
  const requested = Number(params.get('resource'));
  // Until the list has loaded the address's resource stands, so a quick 'New Appointment' keeps it.
  const resourceId =
    resourcesQuery.data === undefined ? (requested > 0 ? requested : null) : resources.some((r) => r.resourceId === requested) ? requested : (resources[0]?.resourceId ?? null);
  const query = dayQuery(date, filters);
  const day = useDayAppointments(query);
  // With filters in use, the whole day too: the page says how much the filters hide.
  const filterCount = apptFilterCount(filters);
  const wholeDay = useDayAppointments(dayQuery(date, withoutApptFilters(filters)), filterCount > 0);
  const blockOuts = useTransparencies(date, query.resources);
  const startTime = prefs['scheduling.calendarStartTime'];
  const endTime = prefs['scheduling.calendarEndTime'];
  const hours = useMemo(() => calendarHours(startTime, endTime), [startTime, endTime]);

  const go = (next: { date?: string; resource?: number | null }) => {
    const p = new URLSearchParams(params);
    if (next.date !== undefined) p.set('date', next.date);
    if (next.resource !== undefined && next.resource !== null) p.set('resource', String(next.resource));
    setParams(p, { replace: true });
  };

  const reload = () => {
    void queryClient.invalidateQueries({ queryKey: scheduleKeys.days });
    void queryClient.invalidateQueries({ queryKey: ['scheduling', 'transparencies'] });
  };

  const applyFilters = (next: ApptFilters) => {
    setFiltersOpen(false);
    savePreference.mutate({ key: 'apptFilters', update: next });
  };

  const toggleView = (view: 'dayView' | 'listView' | null) => {
    if (!view) return;
    setDayView(view === 'dayView');
    savePreference.mutate({ key: 'defaultSchedulingView', update: view });
  };

  const startNew = (draft: AppointmentDraft) => setChoosing(draft);
  const newAppointment = () =>
    startNew({ start: newAppointmentStart(date, today, zone, hours.start), length: DEFAULT_APPOINTMENT_LENGTH, resourceId, patientId: null });

  // Swipe left or right on the day to move between resources.
  const touch = useRef<{ x: number; y: number } | null>(null);
  const step = (direction: 1 | -1) => go({ resource: stepResource(resources, resourceId, direction) });

  const appointments = day.data ?? [];
  // The day view's props stay the same objects while nothing it shows changes: the calendar
  // (a slot element per 15 minutes) then skips the page's renders as the queries settle (issue 17).
  const resourceAppointments = useMemo(() => (day.data ?? []).filter((a) => a.resourceId === resourceId), [day.data, resourceId]);
  const resourceBlockOuts = useMemo(() => (blockOuts.data ?? []).filter((b) => b.resourceId === resourceId), [blockOuts.data, resourceId]);
  const openAppointment = useCallback((id: number) => navigate(`/appointments/${id}`), [navigate]);
  const selectSlot = useCallback(
    (start: Date, end: Date) => setChoosing({ start, length: Math.max(1, Math.round((end.getTime() - start.getTime()) / 60_000)), resourceId, patientId: null }),
    [resourceId, setChoosing],
  );
  const neighbours = neighbourDays(date);
  // Once the day shows, the days either side are asked for: Previous and Next then show at once
  // (a resource is the same day's answer filtered, so switching resource asks nothing).
  const dayLoaded = day.isSuccess;
  useEffect(() => {
    if (!dayLoaded) return;
    prefetchDay(queryClient, neighbours.previous.date, prefs);
    prefetchDay(queryClient, neighbours.next.date, prefs);
  }, [dayLoaded, neighbours.previous.date, neighbours.next.date, prefs, queryClient]);
  const noResources = resourcesQuery.data !== undefined && resources.length === 0;
  const title = dayTitle(date, today);

  return (
    <Box sx={{ px: { xs: 1, sm: 2 }, pt: 1, pb: 22 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: { xs: 0, sm: 0.5 }, flexWrap: 'wrap', mb: 1 }}>
        <Button
          onClick={() => setCalendarOpen(true)}
          startIcon={<EventOutlined />}
          aria-haspopup="dialog"
          sx={{
            fontSize: { xs: '0.95rem', sm: '1.05rem' },
            fontWeight: 600,
            color: 'text.primary',
            textTransform: 'none',
            mr: 'auto',
            px: { xs: 0.5, sm: 1 },
            whiteSpace: 'nowrap',
            '& .MuiButton-startIcon': { display: { xs: 'none', sm: 'inherit' } },
          }}
          data-testid="schedule-date"
        >
          {title}
        </Button>
        <ToggleButtonGroup exclusive size="small" value={dayView ? 'dayView' : 'listView'} onChange={(_e, v) => toggleView(v)} aria-label="View">
          <ToggleButton value="dayView" aria-label="Day view" sx={{ minWidth: 44, minHeight: 44 }}>
            <ViewDayOutlined />
          </ToggleButton>
          <ToggleButton value="listView" aria-label="List view" sx={{ minWidth: 44, minHeight: 44 }}>
            <ViewListOutlined />
          </ToggleButton>
        </ToggleButtonGroup>
        <DeferredTooltip title="Reload">
          <IconButton aria-label="Reload" onClick={reload}>
            <Refresh />
          </IconButton>
        </DeferredTooltip>
        <DeferredTooltip title={SCHEDULE_TEXT.filtersTitle}>
          <IconButton aria-label={filterCount > 0 ? `Filters (${filterCount} in use)` : 'Filters'} onClick={() => setFiltersOpen(true)} aria-haspopup="dialog">
            <FilterCountBadge count={filterCount}>
              <FilterList />
            </FilterCountBadge>
          </IconButton>
        </DeferredTooltip>
      </Box>
      {filterCount > 0 && day.isSuccess && (
        <FilterNotice testId="schedule-filtered" text={filteredLine(appointments.length, wholeDay.data?.length)} onShowAll={() => applyFilters(withoutApptFilters(filters))} />
      )}
      {(day.isFetching || blockOuts.isFetching) && <LinearProgress aria-label="Loading the day" sx={{ mb: 1 }} />}
      {day.isError && (
        <Alert severity="error" sx={{ mb: 1 }} action={<Button onClick={reload}>Retry</Button>}>
          The day could not be loaded. Please try again.
        </Alert>
      )}
      {noResources ? (
        <EmptyText testId="no-resources">{SCHEDULE_TEXT.noResources}</EmptyText>
      ) : dayView ? (
        <>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1 }}>
            <IconButton aria-label="Previous resource" onClick={() => step(-1)} disabled={resources.length < 2}>
              <ChevronLeft />
            </IconButton>
            {/* A native select in an outlined field, from its parts (what TextField select renders, with the theme's TextField defaults): TextField would bring the menu-based Select too. */}
            <FormControl variant="outlined" color="secondary" fullWidth size="small" sx={{ flexGrow: 1 }}>
              <InputLabel htmlFor="schedule-resource" id="schedule-resource-label" shrink>
                {SCHEDULE_TEXT.resources}
              </InputLabel>
              <NativeSelect
                id="schedule-resource"
                value={resourceId === null ? '' : String(resourceId)}
                onChange={(e) => go({ resource: Number(e.target.value) })}
                input={<OutlinedInput label={SCHEDULE_TEXT.resources} notched size="small" />}
              >
                {resources.map((r) => (
                  <option key={r.resourceId} value={String(r.resourceId)}>
                    {r.name}
                  </option>
                ))}
              </NativeSelect>
            </FormControl>
            <IconButton aria-label="Next resource" onClick={() => step(1)} disabled={resources.length < 2}>
              <ChevronRight />
            </IconButton>
          </Box>
          {day.isSuccess && appointments.length === 0 && <EmptyText testId="no-appointments">{SCHEDULE_TEXT.noAppointments}</EmptyText>}
          <Box
            data-testid="day-swipe-area"
            // The day whose appointments are shown (none while they load): what tests and bench/interactions.mjs wait for.
            data-shown-day={day.isSuccess ? date : undefined}
            sx={SWIPE_AREA}
            onTouchStart={(e) => {
              const t = e.touches[0];
              touch.current = t && e.touches.length === 1 ? { x: t.clientX, y: t.clientY } : null;
            }}
            onTouchEnd={(e) => {
              const start = touch.current;
              const t = e.changedTouches[0];
              touch.current = null;
              if (!start || !t) return;
              const direction = swipeStep(t.clientX - start.x, t.clientY - start.y);
              if (direction) step(direction);
            }}
            onTouchCancel={() => (touch.current = null)}
          >
            {resourceId !== null && (
              <Suspense
                fallback={
                  <Box role="status" sx={{ display: 'flex', justifyContent: 'center', py: 6 }}>
                    <CircularProgress aria-label="Loading the calendar" />
                  </Box>
                }
              >
                <DayView
                  date={date}
                  zone={zone}
                  appointments={resourceAppointments}
                  blockOuts={resourceBlockOuts}
                  hours={hours}
                  colors={prefs.apptColors}
                  onOpen={openAppointment}
                  onSelectSlot={selectSlot}
                />
              </Suspense>
            )}
          </Box>
        </>
      ) : day.isSuccess && appointments.length === 0 ? (
        <EmptyText testId="no-appointments">{SCHEDULE_TEXT.noAppointments}</EmptyText>
      ) : (
        <ListView appointments={appointments} order={filters.order} zone={zone} colors={prefs.apptColors} />
      )}

      <Fab
        variant="extended"
        color="primary"
        onClick={newAppointment}
        sx={{ position: 'fixed', right: 16, bottom: 88, color: 'primary.contrastText', zIndex: (t) => t.zIndex.appBar - 1 }}
      >
        <Add sx={{ mr: 1 }} />
        {SCHEDULE_TEXT.newAppointment}
      </Fab>
      <Paper
        component="nav"
        aria-label="Days"
        elevation={8}
        square
        sx={{
          position: 'fixed',
          bottom: 0,
          left: { xs: 0, md: DRAWER_WIDTH },
          right: 0,
          display: 'flex',
          justifyContent: 'space-between',
          alignItems: 'center',
          gap: 1,
          px: 1,
          py: 1,
          zIndex: (t) => t.zIndex.appBar - 1,
        }}
      >
        <Button startIcon={<ChevronLeft />} onClick={() => go({ date: neighbours.previous.date })} aria-label={`Previous day: ${neighbours.previous.label}`} title={neighbours.previous.full}>
          {neighbours.previous.label}
        </Button>
        <Button variant="outlined" onClick={() => go({ date: today })} disabled={date === today}>
          {SCHEDULE_TEXT.today}
        </Button>
        <Button endIcon={<ChevronRight />} onClick={() => go({ date: neighbours.next.date })} aria-label={`Next day: ${neighbours.next.label}`} title={neighbours.next.full}>
          {neighbours.next.label}
        </Button>
      </Paper>

      <OnceOpened open={calendarOpen}>
        <DateDialog
          open={calendarOpen}
          date={date}
          today={today}
          onClose={() => setCalendarOpen(false)}
          onChoose={(d) => {
            setCalendarOpen(false);
            go({ date: d });
          }}
        />
      </OnceOpened>
      <OnceOpened open={filtersOpen}>
        <ScheduleFiltersDialog open={filtersOpen} filters={filters} onApply={applyFilters} onClose={() => setFiltersOpen(false)} />
      </OnceOpened>
      <OnceOpened open={choosing !== null}>
        <PatientChooserDialog
          open={choosing !== null}
          title={SCHEDULE_TEXT.choosePatient}
          question="Who is the appointment for?"
          searchLabel={SCHEDULE_TEXT.searchAnotherPatient}
          currentPatientId={choosing ? getCurrentPatientId() : null}
          onClose={() => setChoosing(null)}
          onChoose={(patientId) => {
            if (!choosing) return;
            setFormDraft({ ...choosing, patientId });
            setChoosing(null);
            formAfterChooser.current = true;
          }}
          onExited={() => {
            // The form opens once the chooser has gone (see PatientChooserDialog).
            if (formAfterChooser.current) setFormOpen(true);
            formAfterChooser.current = false;
          }}
        />
      </OnceOpened>
      <OnceOpened open={formOpen}>
        <AppointmentFormDialog
          open={formOpen}
          draft={formDraft}
          onClose={() => setFormOpen(false)}
          onSaved={(a: Appointment) => go({ date: a.appointmentDate, resource: a.resourceId })}
        />
      </OnceOpened>
    </Box>
  );
}
