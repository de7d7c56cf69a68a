import CloseIcon from '@mui/icons-material/Close';
import PersonSearchOutlined from '@mui/icons-material/PersonSearchOutlined';
import AppBar from '@mui/material/AppBar';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import Dialog from '@mui/material/Dialog';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import { useId, useState, type ReactNode } from 'react';
import { usePatient } from '@/api/patients/get-patient';
import { displayBirthdate } from '@/lib/dates';
import { listName } from '@/lib/format';
import { PatientSearchDialog } from './PatientSearchDialog';

/** The selected patient as a card; choosing it answers their id. */
function CurrentPatientCard({ patientId, onChoose }: { patientId: number; onChoose: (patientId: number) => void }) {
  const patient = usePatient(patientId);
  if (!patient.data) return null;
  const p = patient.data;
  const born = displayBirthdate(p.birthdate, p.age);
  return (
    <Card variant="outlined" component="section" aria-label="Current patient" data-testid="current-patient-card">
      <CardActionArea onClick={() => onChoose(p.patientId)} sx={{ p: 2, display: 'flex', justifyContent: 'flex-start', gap: 1.5 }}>
        <Avatar sx={{ bgcolor: 'secondary.main', color: '#fff' }} aria-hidden>
          {`${p.firstName.trim()[0] ?? ''}${p.lastName.trim()[0] ?? ''}`.toUpperCase()}
        </Avatar>
        <Box sx={{ minWidth: 0 }}>
          <Typography variant="caption" color="textSecondary" component="p">
            Current patient
          </Typography>
          <Typography component="p" sx={{ fontWeight: 600 }}>
            {listName(p)}
          </Typography>
          <Typography variant="body2" color="textSecondary" component="p">
            {[born ? `DOB ${born}` : '', `ID ${p.displayId}`].filter(Boolean).join(' · ')}
          </Typography>
        </Box>
      </CardActionArea>
    </Card>
  );
}

/**
 * Full screen: who something new is for. The current patient's card first (when there is
 * one), then the search button (the reusable 'Patient Search' dialog), then any further
 * choices the caller adds (`children`, e.g. 'Create Blank Order').
 */
export function PatientChooserDialog({
  open,
  title,
  question,
  searchLabel,
  currentPatientId,
  onClose,
  onChoose,
  onExited,
  children,
}: {
  open: boolean;
  title: string;
  /** The line under the title ('Who is the new order for?'). */
  question: string;
  searchLabel: string;
  currentPatientId: number | null;
  onClose: () => void;
  onChoose: (patientId: number) => void;
  /** Once the chooser has closed and left the page: the moment to open what the choice leads to. */
  onExited?: () => void;
  children?: ReactNode;
}) {
  const titleId = useId();
  const theme = useTheme();
  const [searching, setSearching] = useState(false);
  return (
    // Closes at once (no fade-out), so the form a choice opens follows without a wait. MUI hides
    // the page from assistive technology under its top dialog: a form opened while this one was
    // still fading out was sometimes left hidden with it (no accessible name, unreachable by a
    // screen reader). Callers open the next dialog from `onExited`, when this one has gone.
    <Dialog fullScreen open={open} onClose={onClose} aria-labelledby={titleId} transitionDuration={{ enter: theme.transitions.duration.enteringScreen, exit: 0 }} slotProps={{ transition: { onExited } }}>
      <AppBar position="sticky" color="primary" elevation={1}>
        <Toolbar>
          <IconButton edge="start" color="inherit" onClick={onClose} aria-label="Close">
            <CloseIcon />
          </IconButton>
          <Typography id={titleId} variant="h6" component="h2" sx={{ ml: 1 }}>
            {title}
          </Typography>
        </Toolbar>
      </AppBar>
      <Box sx={{ p: 2, maxWidth: 560, width: '100%', mx: 'auto' }}>
        <Typography color="textSecondary" sx={{ mb: 2 }}>
          {question}
        </Typography>
        <Stack spacing={2}>
          {currentPatientId !== null && <CurrentPatientCard patientId={currentPatientId} onChoose={onChoose} />}
          <Button variant="contained" color="primary" size="large" startIcon={<PersonSearchOutlined />} onClick={() => setSearching(true)}>
            {searchLabel}
          </Button>
          {children}
        </Stack>
      </Box>
      <PatientSearchDialog
        open={searching}
        onClose={() => setSearching(false)}
        onSelect={(patient) => {
          setSearching(false);
          onChoose(patient.patientId);
        }}
      />
    </Dialog>
  );
}
