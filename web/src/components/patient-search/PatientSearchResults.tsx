import ErrorOutline from '@mui/icons-material/ErrorOutlineOutlined';
import LocalHospitalOutlined from '@mui/icons-material/LocalHospitalOutlined';
import ReportProblemOutlined from '@mui/icons-material/ReportProblemOutlined';
import WarningAmberOutlined from '@mui/icons-material/WarningAmberOutlined';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import type { PatientSearchResult } from '@/api/patients/keys';
import { displayBirthdate } from '@/lib/dates';
import { listName } from '@/lib/format';
import { MESSAGES } from '@/lib/messages';

const MARKERS = [
  { key: 'patientAlerts', label: 'Patient alerts', Icon: WarningAmberOutlined, color: '#8A4B00' },
  { key: 'accountAlerts', label: 'Account alerts', Icon: ReportProblemOutlined, color: '#7446AA' },
  { key: 'allergies', label: 'Allergies', Icon: LocalHospitalOutlined, color: '#B71C1C' },
] as const;

/** Alert markers of a result: an icon per kind of alert the patient has, each named for screen readers. */
export function AlertMarkers({ patient }: { patient: Pick<PatientSearchResult, 'patientAlerts' | 'accountAlerts' | 'allergies'> }) {
  const shown = MARKERS.filter((m) => patient[m.key]);
  if (shown.length === 0) return null;
  return (
    <Box component="span" sx={{ display: 'inline-flex', gap: 0.5, alignItems: 'center' }} data-testid="alert-markers">
      {shown.map(({ key, label, Icon, color }) => (
        <Tooltip key={key} title={label}>
          <Icon role="img" aria-label={label} aria-hidden={false} fontSize="small" sx={{ color }} />
        </Tooltip>
      ))}
    </Box>
  );
}

function ResultText({ patient }: { patient: PatientSearchResult }) {
  const born = displayBirthdate(patient.birthday, patient.age);
  return (
    <ListItemText
      primary={
        <Box component="span" sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
          <span data-testid="result-name">{listName(patient)}</span>
          <AlertMarkers patient={patient} />
          {patient.inactive && <Chip size="small" label="Inactive" variant="outlined" />}
        </Box>
      }
      secondary={[born ? `DOB ${born}` : 'DOB unknown', `ID ${patient.displayId}`].join(' · ')}
    />
  );
}

/**
 * The list of found patients, or 'No patients were found'. Each row either links to
 * `linkTo(patient)` or calls `onSelect(patient)` (the Patient Search dialog).
 */
export function PatientSearchResults({
  results,
  searched,
  loading,
  stale,
  error,
  linkTo,
  onSelect,
}: {
  results: PatientSearchResult[] | undefined;
  searched: string;
  loading: boolean;
  stale: boolean;
  error: unknown;
  linkTo?: (patient: PatientSearchResult) => string;
  onSelect?: (patient: PatientSearchResult) => void;
}) {
  return (
    <Box aria-busy={loading} sx={{ position: 'relative', minHeight: 4 }}>
      {loading && <LinearProgress aria-label="Searching" sx={{ position: 'absolute', top: 0, left: 0, right: 0 }} />}
      <div role="status" aria-live="polite" style={{ position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)' }}>
        {searched && results && !stale ? (results.length === 0 ? MESSAGES.noPatientsFound : `${results.length} ${results.length === 1 ? 'patient' : 'patients'} found`) : ''}
      </div>
      {error && !results ? (
        <Typography color="error" sx={{ py: 3, display: 'flex', gap: 1, alignItems: 'center' }}>
          <ErrorOutline aria-hidden /> The search did not work. Please try again.
        </Typography>
      ) : null}
      {searched && results && results.length === 0 && !stale && (
        <Typography color="text.secondary" sx={{ py: 3, textAlign: 'center' }} data-testid="no-patients">
          {MESSAGES.noPatientsFound}
        </Typography>
      )}
      {searched && results && results.length > 0 && (
        <List aria-label="Patients found" sx={{ opacity: stale ? 0.6 : 1, transition: stale ? 'opacity 150ms' : 'none' }} data-testid="patient-results">
          {results.map((patient) => (
            <li key={patient.patientId}>
              {linkTo ? (
                <ListItemButton component={RouterLink} to={linkTo(patient)} divider>
                  <ResultText patient={patient} />
                </ListItemButton>
              ) : (
                <ListItemButton onClick={() => onSelect?.(patient)} divider>
                  <ResultText patient={patient} />
                </ListItemButton>
              )}
            </li>
          ))}
        </List>
      )}
    </Box>
  );
}
