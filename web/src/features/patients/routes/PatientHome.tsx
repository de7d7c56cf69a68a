import AssignmentOutlined from '@mui/icons-material/AssignmentOutlined';
import BadgeOutlined from '@mui/icons-material/BadgeOutlined';
import ChevronRight from '@mui/icons-material/ChevronRight';
import ContactPhoneOutlined from '@mui/icons-material/ContactPhoneOutlined';
import EventOutlined from '@mui/icons-material/EventOutlined';
import HealthAndSafetyOutlined from '@mui/icons-material/HealthAndSafetyOutlined';
import MedicalServicesOutlined from '@mui/icons-material/MedicalServicesOutlined';
import MonitorHeartOutlined from '@mui/icons-material/MonitorHeartOutlined';
import PersonAddAlt1 from '@mui/icons-material/PersonAddAlt1';
import ReceiptLongOutlined from '@mui/icons-material/ReceiptLongOutlined';
import Backdrop from '@mui/material/Backdrop';
import Box from '@mui/material/Box';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import SpeedDial from '@mui/material/SpeedDial';
import type { SpeedDialActionProps } from '@mui/material/SpeedDialAction';
import SpeedDialIcon from '@mui/material/SpeedDialIcon';
import type { SvgIconComponent } from '@mui/icons-material';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import { useIdle } from '@/lib/use-idle';
import { usePageTitle } from '@/components/page-title';
import { NewAccountDialog } from '../components/NewAccountDialog';
import { usePatientAreaSlots } from '../components/patient-area-slots';
import { useCurrentPatient } from '../components/patient-context';
import { PATIENT_TEXT } from '../lib/texts';

// The speed dial's actions (each labelled by an always-open tooltip, with its positioning
// engine) load once the page has shown and the browser is idle, or when the dial is first opened.
const SpeedDialActionLazy = lazy(() => import('@mui/material/SpeedDialAction'));

function SpeedDialAction(props: SpeedDialActionProps) {
  return (
    <Suspense fallback={null}>
      <SpeedDialActionLazy {...props} />
    </Suspense>
  );
}

/** The patient home's menu (spec part 2, section 2), key: title. */
export const PATIENT_MENU: Array<{ key: string; title: string; icon: SvgIconComponent }> = [
  { key: 'demographics', title: 'Demographics', icon: BadgeOutlined },
  { key: 'insurance_and_guarantors', title: 'Insurance & Guarantors', icon: HealthAndSafetyOutlined },
  { key: 'clinical', title: 'Clinical', icon: MedicalServicesOutlined },
  { key: 'appointments', title: 'Appointments & Follow-Ups', icon: EventOutlined },
  { key: 'referrals', title: 'Referrals', icon: ContactPhoneOutlined },
  { key: 'new_charge', title: 'Billing Order', icon: ReceiptLongOutlined },
];

/** A menu of links in a card, used by the hub and its sub-menus. */
export function MenuList({ label, items }: { label: string; items: Array<{ to: string; title: string; icon?: SvgIconComponent }> }) {
  return (
    <Paper variant="outlined">
      <List aria-label={label} disablePadding>
        {items.map(({ to, title, icon: Icon }, i) => (
          <li key={to}>
            <ListItemButton component={RouterLink} to={to} divider={i < items.length - 1}>
              {Icon && (
                <ListItemIcon sx={{ color: 'secondary.main' }}>
                  <Icon />
                </ListItemIcon>
              )}
              <ListItemText primary={title} />
              <ChevronRight aria-hidden color="action" />
            </ListItemButton>
          </li>
        ))}
      </List>
    </Paper>
  );
}

/** A speed-dial entry: the label shown beside its button, with a second line when it is not available yet. */
function ActionLabel({ name, later }: { name: string; later?: boolean }) {
  if (!later) return <>{name}</>;
  return (
    <Box component="span" sx={{ display: 'block', textAlign: 'right' }}>
      {name}
      <Box component="span" sx={{ display: 'block', fontSize: '0.75rem', color: 'text.secondary' }}>
        {' '}
        (not available yet)
      </Box>
    </Box>
  );
}

/**
 * The patient home (spec part 2, section 2): the menu and the speed dial. New Vitals
 * ('Create Vitals', then the measurement's page), New Order (the order form for this
 * patient), New Appointment (the appointment form for this patient, then the appointment's
 * page) and New Patient. An action no feature provides is shown disabled, labelled as not
 * available yet.
 */
export default function PatientHome() {
  usePageTitle('Patient Home');
  const patient = useCurrentPatient();
  const { NewOrderDialog, NewVitalsDialog, NewAppointmentDialog } = usePatientAreaSlots();
  const navigate = useNavigate();
  const [dialOpen, setDialOpen] = useState(false);
  const showActions = useIdle() || dialOpen;
  const [createOpen, setCreateOpen] = useState(false);
  const [orderOpen, setOrderOpen] = useState(false);
  const [vitalsOpen, setVitalsOpen] = useState(false);
  const [appointmentOpen, setAppointmentOpen] = useState(false);
  const base = `/patients/${patient.patientId}`;
  const actions: Array<{ name: string; icon: ReactNode; onClick?: (() => void) | undefined }> = [
    { name: 'New Vitals', icon: <MonitorHeartOutlined />, onClick: NewVitalsDialog ? () => setVitalsOpen(true) : undefined },
    { name: 'New Order', icon: <AssignmentOutlined />, onClick: NewOrderDialog ? () => setOrderOpen(true) : undefined },
    { name: 'New Appointment', icon: <EventOutlined />, onClick: NewAppointmentDialog ? () => setAppointmentOpen(true) : undefined },
    { name: 'New Patient', icon: <PersonAddAlt1 />, onClick: () => setCreateOpen(true) },
  ];
  return (
    <>
      <MenuList label="Patient menu" items={PATIENT_MENU.map((m) => ({ to: `${base}/${m.key}`, title: m.title, icon: m.icon }))} />
      <Backdrop open={dialOpen} sx={{ zIndex: (t) => t.zIndex.speedDial - 1, bgcolor: 'rgba(255,255,255,0.85)' }} />
      <SpeedDial
        ariaLabel="Patient actions"
        icon={<SpeedDialIcon />}
        open={dialOpen}
        // Opened and closed by a tap or click only (hover would race with the click on desktops).
        onOpen={(_e, reason) => reason === 'toggle' && setDialOpen(true)}
        onClose={(_e, reason) => reason !== 'mouseLeave' && setDialOpen(false)}
        sx={{
          position: 'fixed',
          right: 16,
          bottom: 16,
          '& .MuiSpeedDial-fab': { color: 'primary.contrastText' },
          '& .MuiSpeedDialAction-staticTooltipLabel': { whiteSpace: 'nowrap' },
        }}
        FabProps={{ color: 'primary' }}
        // There from the page's first frame, not zoomed in: the zoom's start lays out the whole
        // page in the middle of drawing it (a forced layout in the start's longest task, issue 17).
        slotProps={{ transition: { appear: false } }}
      >
        {showActions &&
          actions.map((a) => (
            <SpeedDialAction
              key={a.name}
              icon={a.icon}
              slotProps={{
                tooltip: { open: true, title: <ActionLabel name={a.name} later={!a.onClick} /> },
                fab: (a.onClick ? {} : { disabled: true }) as object,
              }}
              {...(a.onClick
                ? {
                    onClick: () => {
                      setDialOpen(false);
                      a.onClick?.();
                    },
                  }
                : {})}
            />
          ))}
      </SpeedDial>
      <NewAccountDialog open={createOpen} onClose={() => setCreateOpen(false)} title={PATIENT_TEXT.createPatientTitle} accountId={patient.accountId} />
      {NewOrderDialog && <NewOrderDialog open={orderOpen} onClose={() => setOrderOpen(false)} patientId={patient.patientId} />}
      {NewAppointmentDialog && (
        <NewAppointmentDialog
          open={appointmentOpen}
          onClose={() => setAppointmentOpen(false)}
          patientId={patient.patientId}
          onSaved={(appointment) => {
            setAppointmentOpen(false);
            navigate(`/appointments/${appointment.appointmentId}`);
          }}
        />
      )}
      {NewVitalsDialog && (
        <NewVitalsDialog
          open={vitalsOpen}
          onClose={() => setVitalsOpen(false)}
          patient={{ patientId: patient.patientId, birthdate: patient.birthdate ?? null }}
          onSaved={(vitals) => {
            setVitalsOpen(false);
            navigate(`${base}/clinical/vitals/${vitals.vitalsId}`);
          }}
        />
      )}
    </>
  );
}
