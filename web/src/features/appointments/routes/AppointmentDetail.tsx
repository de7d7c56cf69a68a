import ChevronRight from '@mui/icons-material/ChevronRight';
import EditOutlined from '@mui/icons-material/EditOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useContext, useState } from 'react';
import { Link as RouterLink, Route, Routes, useParams } from 'react-router';
import { usePracticeTimeZone } from '@/api/scheduling/get-day-appointments';
import type { Appointment } from '@/api/scheduling/keys';
import { FieldList } from '@/components/FieldList';
import { PageContainer } from '@/components/PageContainer';
import { EmptyText, PageSection, QueryState } from '@/components/page-parts';
import { usePageTitle } from '@/components/page-title';
import { parsePatientId } from '@/lib/current-patient';
import { displayDate } from '@/lib/dates';
import { dollars } from '@/lib/format';
import { MESSAGES } from '@/lib/messages';
import { formatIn } from '@/lib/time-zone';
import { isAppointmentNotFound, useAppointment, useTreatmentPlans } from '../api/get-appointment';
import { useScheduleVersionWatch } from '../api/watch-version';
import { AppointmentFormDialog } from '../components/AppointmentFormDialog';
import { AppointmentSlotsContext } from '../components/appointment-slots';
import { FollowUpsList } from '../components/FollowUpsList';
import { providerLabel } from '../lib/schedule-rules';
import { SCHEDULE_TEXT } from '../lib/texts';

export type { AppointmentSlots } from '../components/appointment-slots';

/** The appointment's links (spec part 2, 'Appointment detail'), key: title. */
export const APPOINTMENT_LINKS = [
  { key: 'last-next', title: SCHEDULE_TEXT.lastNext },
  { key: 'followups', title: SCHEDULE_TEXT.followUps },
  { key: 'referrals', title: 'Referrals' },
  { key: 'treatments-planned', title: SCHEDULE_TEXT.treatmentsPlanned },
  { key: 'insurance', title: 'Insurance' },
  { key: 'balances', title: 'Balances' },
] as const;

function LinkList({ label, items }: { label: string; items: Array<{ to: string; title: string }> }) {
  return (
    <Paper variant="outlined">
      <List aria-label={label} disablePadding>
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
  );
}

function AppointmentSummary({ appointment: a, zone }: { appointment: Appointment; zone: string }) {
  return (
    <FieldList
      label="Appointment"
      rows={[
        { label: 'Patient', value: <Link component={RouterLink} to={`/patients/${a.patientId}/patient_home`}>{a.patientNameDisplay}</Link>, testId: 'appointment-patient' },
        { label: 'Date', value: displayDate(a.appointmentDate), testId: 'appointment-date' },
        { label: 'Time', value: `${formatIn(a.start, zone, 'hh:mm a')} (${a.length} min)`, testId: 'appointment-time' },
        { label: 'Provider', value: providerLabel(a.providerID, a.providerName), testId: 'appointment-provider' },
        { label: 'Resource', value: a.resource, testId: 'appointment-resource' },
        { label: 'Type', value: a.type, testId: 'appointment-type' },
        { label: 'Status', value: `${a.status}${a.pending ? ' (pending confirmation)' : ''}`, testId: 'appointment-status' },
        { label: 'Notes', value: a.notes, testId: 'appointment-notes' },
      ]}
    />
  );
}

function Overview({ appointment }: { appointment: Appointment }) {
  usePageTitle('Appointment');
  const zone = usePracticeTimeZone();
  const [editing, setEditing] = useState(false);
  const base = `/appointments/${appointment.appointmentId}`;
  return (
    <Stack spacing={2}>
      <PageSection
        title="Appointment"
        action={
          <Button variant="outlined" startIcon={<EditOutlined />} onClick={() => setEditing(true)} disabled={appointment.deleted}>
            {SCHEDULE_TEXT.editAppointment}
          </Button>
        }
      >
        {appointment.deleted && (
          <Alert severity="warning" sx={{ mb: 1 }}>
            {SCHEDULE_TEXT.deleted}
          </Alert>
        )}
        <AppointmentSummary appointment={appointment} zone={zone} />
      </PageSection>
      <LinkList label="About this appointment" items={APPOINTMENT_LINKS.map((l) => ({ to: `${base}/${l.key}`, title: l.title }))} />
      <AppointmentFormDialog open={editing} appointment={appointment} onClose={() => setEditing(false)} />
    </Stack>
  );
}

function SubPage({ appointment, title, children }: { appointment: Appointment; title: string; children: React.ReactNode }) {
  usePageTitle(title);
  const zone = usePracticeTimeZone();
  return (
    <Stack spacing={2}>
      <Box>
        <Link component={RouterLink} to={`/appointments/${appointment.appointmentId}`}>
          {appointment.patientNameDisplay} · {displayDate(appointment.appointmentDate)} {formatIn(appointment.start, zone, 'hh:mm a')}
        </Link>
      </Box>
      {children}
    </Stack>
  );
}

/**
 * The appointment's own last and next (from its answer, measured from its start, itself and
 * deleted ones left out), not the patient's as of now: seen from a past or future visit,
 * "now" would name this very appointment and skip the visit before it.
 */
function LastNext({ appointment: a }: { appointment: Appointment }) {
  const zone = usePracticeTimeZone();
  const when = (instant: string | null | undefined) => `${formatIn(instant, zone, 'MM/dd/yyyy')} ${formatIn(instant, zone, 'hh:mm a')}`;
  const link = (id: number | null | undefined, instant: string | null | undefined, none: string) =>
    id && id !== a.appointmentId && instant ? <Link component={RouterLink} to={`/appointments/${id}`}>{when(instant)}</Link> : none;
  return (
    <SubPage appointment={a} title={SCHEDULE_TEXT.lastNext}>
      <PageSection title={SCHEDULE_TEXT.lastNext}>
        <FieldList
          label={SCHEDULE_TEXT.lastNext}
          rows={[
            { label: 'Last Appointment', value: link(a.lastAppointmentId, a.lastAppointment, SCHEDULE_TEXT.noLast), testId: 'last-appointment' },
            { label: 'Next Appointment', value: link(a.nextAppointmentId, a.nextAppointment, SCHEDULE_TEXT.noNext), testId: 'next-appointment' },
          ]}
        />
      </PageSection>
    </SubPage>
  );
}

function TreatmentsPlanned({ appointment }: { appointment: Appointment }) {
  const query = useTreatmentPlans(appointment.appointmentId);
  return (
    <SubPage appointment={appointment} title={SCHEDULE_TEXT.treatmentsPlanned}>
      <QueryState query={query}>
        {(plans) =>
          plans.length === 0 ? (
            <PageSection title={SCHEDULE_TEXT.treatmentsPlanned}>
              <EmptyText testId="no-treatment-plans">{SCHEDULE_TEXT.noTreatmentPlans}</EmptyText>
            </PageSection>
          ) : (
            <Stack spacing={2}>
              {plans.map((plan) => (
                <PageSection key={plan.treatmentPlanId} title={plan.name || SCHEDULE_TEXT.treatmentsPlanned}>
                  <FieldList
                    label={`${plan.name} totals`}
                    rows={[
                      { label: SCHEDULE_TEXT.totalTreatment, value: dollars(plan.total), testId: 'plan-total' },
                      { label: SCHEDULE_TEXT.patientPortion, value: dollars(plan.patientPortion), testId: 'plan-patient' },
                      { label: SCHEDULE_TEXT.insurancePortion, value: dollars(plan.insurancePortion), testId: 'plan-insurance' },
                    ]}
                  />
                  {plan.phases.map((phase, i) => (
                    <Box key={i} component="section" aria-label={phase.name} sx={{ mt: 2 }}>
                      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, color: 'secondary.main' }}>
                        {phase.name}
                      </Typography>
                      <List dense aria-label={`${phase.name} charges`}>
                        {phase.charges.map((c, j) => (
                          <ListItem key={j} divider disableGutters secondaryAction={<Typography component="span">{dollars(c.ammount ?? 0)}</Typography>} data-testid="plan-charge">
                            <ListItemText primary={c.code} secondary={c.description} sx={{ pr: 10 }} />
                          </ListItem>
                        ))}
                      </List>
                    </Box>
                  ))}
                </PageSection>
              ))}
            </Stack>
          )
        }
      </QueryState>
    </SubPage>
  );
}

function FollowUpsPage({ appointment }: { appointment: Appointment }) {
  return (
    <SubPage appointment={appointment} title={SCHEDULE_TEXT.followUps}>
      <PageSection title={SCHEDULE_TEXT.followUps}>
        <FollowUpsList patientId={appointment.patientId} />
      </PageSection>
    </SubPage>
  );
}

/** The appointment's patient's referrals (given by the referrers feature). */
function ReferralsPage({ appointment }: { appointment: Appointment }) {
  const Section = useContext(AppointmentSlotsContext).ReferralsSection;
  return (
    <SubPage appointment={appointment} title="Referrals">
      <PageSection title="Referrals">{Section ? <Section patientId={appointment.patientId} /> : <EmptyText>{MESSAGES.pageNotFound}</EmptyText>}</PageSection>
    </SubPage>
  );
}

function SlotPage({ appointment, title, slot }: { appointment: Appointment; title: string; slot: 'InsuranceSection' | 'BalancesSection' }) {
  const Section = useContext(AppointmentSlotsContext)[slot];
  return <SubPage appointment={appointment} title={title}>{Section ? <Section patientId={appointment.patientId} /> : <EmptyText>{MESSAGES.pageNotFound}</EmptyText>}</SubPage>;
}

function NotFound() {
  usePageTitle('Appointment');
  return (
    <Alert severity="info" data-testid="no-appointment" action={<Button component={RouterLink} to="/appointments">Schedule</Button>}>
      {SCHEDULE_TEXT.noAppointmentFound}
    </Alert>
  );
}

/**
 * /appointments/{appointmentId} and its pages (spec part 2, 'Appointment detail'): the
 * appointment, 'Edit Appointment', and last-next, followups, referrals, treatments-planned,
 * insurance and balances. The change stamp is watched here too, so another desk's change
 * shows without a reload.
 */
export default function AppointmentDetail() {
  const { appointmentId } = useParams();
  const id = parsePatientId(appointmentId);
  useScheduleVersionWatch();
  const query = useAppointment(id);
  if (id === null || (query.error && isAppointmentNotFound(query.error))) {
    return (
      <PageContainer>
        <NotFound />
      </PageContainer>
    );
  }
  return (
    <PageContainer>
      <QueryState query={query}>
        {(a) => (
          <Routes>
            <Route index element={<Overview appointment={a} />} />
            <Route path="last-next" element={<LastNext appointment={a} />} />
            <Route path="followups" element={<FollowUpsPage appointment={a} />} />
            <Route path="referrals" element={<ReferralsPage appointment={a} />} />
            <Route path="treatments-planned" element={<TreatmentsPlanned appointment={a} />} />
            <Route path="insurance" element={<SlotPage appointment={a} title="Insurance" slot="InsuranceSection" />} />
            <Route path="balances" element={<SlotPage appointment={a} title="Balances" slot="BalancesSection" />} />
            <Route path="*" element={<EmptyText>{MESSAGES.pageNotFound}</EmptyText>} />
          </Routes>
        )}
      </QueryState>
    </PageContainer>
  );
}
