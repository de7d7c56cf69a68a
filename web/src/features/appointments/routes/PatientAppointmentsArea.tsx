import Add from '@mui/icons-material/Add';
import ChevronRight from '@mui/icons-material/ChevronRight';
import FilterList from '@mui/icons-material/FilterList';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { Link as RouterLink, Navigate, Route, Routes, useNavigate, useParams } from 'react-router';
import { usePracticeTimeZone } from '@/api/scheduling/get-day-appointments';
import type { Appointment } from '@/api/scheduling/keys';
import { FilterCountBadge } from '@/components/FilterCountBadge';
import { EmptyText, PageSection, QueryState } from '@/components/page-parts';
import { usePageTitle } from '@/components/page-title';
import { displayDate } from '@/lib/dates';
import { MESSAGES } from '@/lib/messages';
import { useSession } from '@/lib/session';
import { formatIn, todayIn } from '@/lib/time-zone';
import { useAppointmentStatuses } from '../api/get-options';
import { usePatientAppointments } from '../api/get-patient-lists';
import { NewAppointmentForPatient } from '../components/NewAppointmentForPatient';
import { FilterNotice } from '../components/FilterNotice';
import { FollowUpsList } from '../components/FollowUpsList';
import { CUSTOM_RANGE, DATE_RANGES, isDateRangeId } from '../lib/date-ranges';
import {
  loadPatientFilter,
  patientAppointmentsQuery,
  patientFilterCount,
  patientFilterLine,
  savePatientFilter,
  showAllPatientAppointments,
  withDateRange,
  type PatientAppointmentFilter,
} from '../lib/patient-filter';
import { appointmentTotals, statusColor } from '../lib/schedule-rules';
import { SCHEDULE_TEXT } from '../lib/texts';

function Menu({ patientId }: { patientId: number }) {
  usePageTitle(SCHEDULE_TEXT.patientAreaTitle);
  const [creating, setCreating] = useState(false);
  const navigate = useNavigate();
  const base = `/patients/${patientId}/appointments`;
  const items = [
    { to: `${base}/patient_appointments`, title: SCHEDULE_TEXT.patientAppointments },
    { to: `${base}/follow-ups`, title: SCHEDULE_TEXT.followUps },
  ];
  return (
    <Stack spacing={2}>
      <Paper variant="outlined">
        <List aria-label={SCHEDULE_TEXT.patientAreaTitle} disablePadding>
          {items.map(({ to, title }, i) => (
            <li key={to}>
              <ListItemButton component={RouterLink} to={to} divider={i < items.length - 1}>
                <ListItemText primary={title} />
                <ChevronRight aria-hidden color="action" />
              </ListItemButton>
            </li>
          ))}
        </List>
      </Paper>
      <Box>
        <Button variant="contained" color="primary" startIcon={<Add />} onClick={() => setCreating(true)}>
          {SCHEDULE_TEXT.newAppointment}
        </Button>
      </Box>
      <NewAppointmentForPatient open={creating} patientId={patientId} onClose={() => setCreating(false)} onSaved={(a) => navigate(`/appointments/${a.appointmentId}`)} />
    </Stack>
  );
}

function FilterDialog({ open, filter, today, onApply, onClose }: { open: boolean; filter: PatientAppointmentFilter; today: string; onApply: (f: PatientAppointmentFilter) => void; onClose: () => void }) {
  const titleId = useId();
  const id = useId();
  const statuses = useAppointmentStatuses().data ?? [];
  const [draft, setDraft] = useState(filter);
  const [openedWith, setOpenedWith] = useState(filter);
  if (open && openedWith !== filter) {
    setOpenedWith(filter);
    setDraft(filter);
  }
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="xs">
      <DialogTitle id={titleId}>{SCHEDULE_TEXT.patientFilterTitle}</DialogTitle>
      <DialogContent dividers>
        <Stack spacing={2.5} sx={{ pt: 1 }}>
          <TextField
            select
            id={`${id}-status`}
            label="Appointment Status"
            value={String(draft.statusId)}
            onChange={(e) => setDraft({ ...draft, statusId: Number(e.target.value) })}
            slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
          >
            {statuses.map((s, i) => (
              <option key={s.appointmentStatusId} value={String(s.appointmentStatusId)}>
                {i === 0 ? SCHEDULE_TEXT.allStatuses : s.appointmentStatus}
              </option>
            ))}
          </TextField>
          <TextField
            select
            id={`${id}-range`}
            label="Date Range"
            value={String(draft.dateRange)}
            onChange={(e) => {
              const range = Number(e.target.value);
              if (isDateRangeId(range)) setDraft(withDateRange(draft, range, today));
            }}
            slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
          >
            {DATE_RANGES.map((r) => (
              <option key={r.id} value={String(r.id)}>
                {r.label}
              </option>
            ))}
          </TextField>
          {draft.dateRange === CUSTOM_RANGE && (
            <Stack direction="row" spacing={1}>
              <TextField type="date" id={`${id}-start`} label="Start" value={draft.start ?? ''} onChange={(e) => setDraft({ ...draft, start: e.target.value || null })} slotProps={{ inputLabel: { shrink: true } }} fullWidth />
              <TextField type="date" id={`${id}-end`} label="End" value={draft.end ?? ''} onChange={(e) => setDraft({ ...draft, end: e.target.value || null })} slotProps={{ inputLabel: { shrink: true } }} fullWidth />
            </Stack>
          )}
          <FormControlLabel control={<Checkbox checked={draft.deleted} onChange={(e) => setDraft({ ...draft, deleted: e.target.checked })} />} label="Show Deleted Appointments" />
          <FormControlLabel
            control={<Checkbox checked={draft.inactive} onChange={(e) => setDraft({ ...draft, inactive: e.target.checked })} />}
            label="Show Missed, Cancelled and To Reschedule"
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button variant="contained" onClick={() => onApply(draft)}>
          {SCHEDULE_TEXT.apply}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

function AppointmentRow({ appointment: a, zone }: { appointment: Appointment; zone: string }) {
  const color = statusColor(a.statusCategory);
  return (
    <li>
      <ListItemButton component={RouterLink} to={`/appointments/${a.appointmentId}`} divider data-testid="patient-appointment">
        <ListItemText
          primary={
            <>
              {displayDate(a.appointmentDate)} {formatIn(a.start, zone, 'hh:mm a')} · {a.length} min
              {a.deleted && (
                <Box component="span" sx={{ ml: 1, fontWeight: 700, color: 'error.main' }}>
                  {SCHEDULE_TEXT.deleted}
                </Box>
              )}
            </>
          }
          secondary={
            <Box component="span" sx={{ color }} data-testid="appointment-type-status" data-color={color}>
              {a.type} / {a.status}
            </Box>
          }
        />
        <ChevronRight aria-hidden color="action" />
      </ListItemButton>
    </li>
  );
}

function PatientAppointments({ patientId }: { patientId: number }) {
  usePageTitle(SCHEDULE_TEXT.patientAppointments);
  const zone = usePracticeTimeZone();
  const { user } = useSession();
  const userId = user?.userId ?? 0;
  const [filter, setFilter] = useState(() => loadPatientFilter(userId));
  const [filtering, setFiltering] = useState(false);
  const today = todayIn(zone);
  const query = usePatientAppointments(patientId, patientAppointmentsQuery(filter, today));
  const statuses = useAppointmentStatuses().data;
  const apply = (f: PatientAppointmentFilter) => {
    setFiltering(false);
    setFilter(f);
    savePatientFilter(userId, f);
  };
  // The filter is kept from earlier visits: the list always says what it shows.
  const filterCount = patientFilterCount(filter, today);
  const statusName = statuses?.find((s) => s.appointmentStatusId === filter.statusId)?.appointmentStatus;
  return (
    <PageSection
      title={SCHEDULE_TEXT.patientAppointments}
      action={
        <Button
          startIcon={
            <FilterCountBadge count={filterCount}>
              <FilterList />
            </FilterCountBadge>
          }
          onClick={() => setFiltering(true)}
          aria-haspopup="dialog"
          aria-label={filterCount > 0 ? `Filter (${filterCount} in use)` : 'Filter'}
        >
          Filter
        </Button>
      }
    >
      <FilterNotice testId="patient-appointments-filter" text={patientFilterLine(filter, today, statusName)} onShowAll={filterCount > 0 ? () => apply(showAllPatientAppointments(filter)) : undefined} />
      <QueryState query={query}>
        {(list) => {
          const totals = appointmentTotals(list);
          return (
            <>
              <Box component="dl" aria-label="Totals" sx={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(130px, 1fr))', gap: 1, m: 0, mb: 1 }}>
                {[
                  [SCHEDULE_TEXT.totalAppointments, totals.total, '#000000', 'total'],
                  [SCHEDULE_TEXT.missed, totals.missed, statusColor('missed'), 'missed'],
                  [SCHEDULE_TEXT.cancelled, totals.cancelled, statusColor('cancelled'), 'cancelled'],
                  [SCHEDULE_TEXT.toReschedule, totals.reschedule, statusColor('reschedule'), 'reschedule'],
                ].map(([label, count, color, key]) => (
                  <Paper key={String(key)} variant="outlined" sx={{ p: 1, textAlign: 'center' }}>
                    <Typography component="dt" variant="caption" sx={{ color: color as string }}>
                      {label}
                    </Typography>
                    <Typography component="dd" variant="h6" sx={{ m: 0 }} data-testid={`total-${key}`}>
                      {count}
                    </Typography>
                  </Paper>
                ))}
              </Box>
              {list.length === 0 ? (
                <EmptyText testId="no-patient-appointments">{SCHEDULE_TEXT.noPatientAppointments}</EmptyText>
              ) : (
                <List aria-label={SCHEDULE_TEXT.patientAppointments} disablePadding>
                  {list.map((a) => (
                    <AppointmentRow key={a.appointmentId} appointment={a} zone={zone} />
                  ))}
                </List>
              )}
            </>
          );
        }}
      </QueryState>
      <FilterDialog
        open={filtering}
        filter={filter}
        today={today}
        onClose={() => setFiltering(false)}
        onApply={apply}
      />
    </PageSection>
  );
}

function FollowUpsPage({ patientId }: { patientId: number }) {
  usePageTitle(SCHEDULE_TEXT.followUps);
  return (
    <PageSection title={SCHEDULE_TEXT.followUps}>
      <FollowUpsList patientId={patientId} />
    </PageSection>
  );
}

function DetailsRedirect() {
  const { appointmentId } = useParams();
  return <Navigate to={`/appointments/${appointmentId ?? ''}`} replace />;
}

/**
 * /patients/{id}/appointments/* (spec part 2, 'Appointments & Follow-Ups'): the menu with
 * New Appointment, 'Patient Appointments' with its filter (kept per user in local storage)
 * and 'Follow-Ups'; appointment_details/{id} opens the appointment's own page.
 */
export default function PatientAppointmentsArea({ patientId }: { patientId: number }) {
  return (
    <Routes>
      <Route index element={<Menu patientId={patientId} />} />
      <Route path="patient_appointments" element={<PatientAppointments patientId={patientId} />} />
      <Route path="follow-ups" element={<FollowUpsPage patientId={patientId} />} />
      <Route path="appointment_details/:appointmentId" element={<DetailsRedirect />} />
      <Route path="*" element={<EmptyText>{MESSAGES.pageNotFound}</EmptyText>} />
    </Routes>
  );
}
