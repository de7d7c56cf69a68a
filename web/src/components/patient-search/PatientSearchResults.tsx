import ErrorOutline from '@mui/icons-material/ErrorOutlineOutlined';
import LocalHospitalOutlined from '@mui/icons-material/LocalHospitalOutlined';
import ReportProblemOutlined from '@mui/icons-material/ReportProblemOutlined';
import WarningAmberOutlined from '@mui/icons-material/WarningAmberOutlined';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { memo, useCallback, useDeferredValue, useLayoutEffect, useRef } from 'react';
import { Link as RouterLink } from 'react-router';
import type { PatientSearchResult } from '@/api/patients/keys';
import { displayBirthdate } from '@/lib/dates';
import { countOf, listName } from '@/lib/format';
import { MESSAGES } from '@/lib/messages';

const MARKERS = [
  { key: 'patientAlerts', label: 'Patient alerts', Icon: WarningAmberOutlined, color: '#8A4B00' },
  { key: 'accountAlerts', label: 'Account alerts', Icon: ReportProblemOutlined, color: '#7446AA' },
  { key: 'allergies', label: 'Allergies', Icon: LocalHospitalOutlined, color: '#B71C1C' },
] as const;

/**
 * Alert markers of a result: an icon per kind of alert the patient has, each named for
 * screen readers (and by its title on hover).
 */
export function AlertMarkers({ patient }: { patient: Pick<PatientSearchResult, 'patientAlerts' | 'accountAlerts' | 'allergies'> }) {
  const shown = MARKERS.filter((m) => patient[m.key]);
  if (shown.length === 0) return null;
  return (
    <span className="pc-markers" data-testid="alert-markers">
      {shown.map(({ key, label, Icon, color }) => (
        <Icon key={key} titleAccess={label} fontSize="small" htmlColor={color} />
      ))}
    </span>
  );
}

/**
 * The rows are plain elements styled once by the list (no styled component, tooltip or
 * ripple per row): 25 of them render in a few milliseconds even on a slow phone, where the
 * MUI list items took long enough to delay the next search and its results.
 */
const LIST_SX = {
  listStyle: 'none',
  m: 0,
  p: 0,
  '& .pc-row': {
    display: 'flex',
    flexDirection: 'column',
    justifyContent: 'center',
    gap: 0.25,
    width: '100%',
    minHeight: 48,
    px: 2,
    // The height of the MUI list item the rows were before (its padding and its text's margins).
    py: '13px',
    border: 0,
    borderBottom: 1,
    borderColor: 'divider',
    bgcolor: 'transparent',
    color: 'text.primary',
    font: 'inherit',
    textAlign: 'left',
    textDecoration: 'none',
    cursor: 'pointer',
    '&:hover': { bgcolor: 'action.hover' },
    '&:focus-visible': { bgcolor: 'action.focus' },
  },
  '& .pc-line': { display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap', typography: 'body1' },
  '& .pc-sub': { typography: 'body2', color: 'text.secondary' },
  '& .pc-markers': { display: 'inline-flex', gap: 0.5, alignItems: 'center' },
  '& .pc-inactive': { typography: 'caption', lineHeight: '22px', px: 1, border: 1, borderColor: 'grey.500', borderRadius: 4 },
} as const;

function ResultText({ patient }: { patient: PatientSearchResult }) {
  const born = displayBirthdate(patient.birthday, patient.age);
  return (
    <>
      <span className="pc-line">
        <span data-testid="result-name">{listName(patient)}</span>
        <AlertMarkers patient={patient} />
        {patient.inactive && <span className="pc-inactive">Inactive</span>}
      </span>
      <span className="pc-sub">{[born ? `DOB ${born}` : 'DOB unknown', `ID ${patient.displayId}`].join(' · ')}</span>
    </>
  );
}

interface ResultListProps {
  results: PatientSearchResult[];
  stale: boolean;
  linkTo: ((patient: PatientSearchResult) => string) | undefined;
  select: (patient: PatientSearchResult) => void;
  intent: (patient: PatientSearchResult) => void;
}

/**
 * The rows. Memoised: a key press re-renders the search field and the progress bar, never
 * the rows. `linkTo` must keep its identity (a module-level function); `select` does.
 */
const ResultList = memo(function ResultList({ results, stale, linkTo, select, intent }: ResultListProps) {
  return (
    <Box component="ul" aria-label="Patients found" sx={{ ...LIST_SX, opacity: stale ? 0.6 : 1, transition: stale ? 'opacity 150ms' : 'none' }} data-testid="patient-results">
      {results.map((patient) => (
        <li key={patient.patientId}>
          {linkTo ? (
            <RouterLink className="pc-row" to={linkTo(patient)} onPointerDown={() => intent(patient)}>
              <ResultText patient={patient} />
            </RouterLink>
          ) : (
            <button type="button" className="pc-row" onClick={() => select(patient)}>
              <ResultText patient={patient} />
            </button>
          )}
        </li>
      ))}
    </Box>
  );
});

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
  onIntent,
}: {
  results: PatientSearchResult[] | undefined;
  searched: string;
  loading: boolean;
  stale: boolean;
  error: unknown;
  linkTo?: (patient: PatientSearchResult) => string;
  onSelect?: (patient: PatientSearchResult) => void;
  /**
   * The finger (or the mouse button) goes down on a row that links, a tenth of a second or so
   * before the tap ends: what it opens may be fetched ahead. Not on hover or focus: opening a
   * patient's record is audited, and passing over a list is not opening anyone.
   */
  onIntent?: (patient: PatientSearchResult) => void;
}) {
  // The newest onSelect, called through a function that keeps its identity (so the rows stay memoised).
  const latestSelect = useRef(onSelect);
  const latestIntent = useRef(onIntent);
  useLayoutEffect(() => {
    latestSelect.current = onSelect;
    latestIntent.current = onIntent;
  });
  const select = useCallback((patient: PatientSearchResult) => latestSelect.current?.(patient), []);
  const intent = useCallback((patient: PatientSearchResult) => latestIntent.current?.(patient), []);
  // The rows render in the background (interruptible): keys typed meanwhile are handled first.
  const shownResults = useDeferredValue(results);
  const shownStale = useDeferredValue(stale);
  return (
    <Box aria-busy={loading} sx={{ position: 'relative', minHeight: 4 }}>
      {loading && <LinearProgress aria-label="Searching" sx={{ position: 'absolute', top: 0, left: 0, right: 0 }} />}
      <div role="status" aria-live="polite" style={{ position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)' }}>
        {searched && results && !stale ? (results.length === 0 ? MESSAGES.noPatientsFound : `${countOf(results.length, 'patient')} found`) : ''}
      </div>
      {error && !results ? (
        <Typography color="error" sx={{ py: 3, display: 'flex', gap: 1, alignItems: 'center' }}>
          <ErrorOutline aria-hidden /> The search did not work. Please try again.
        </Typography>
      ) : null}
      {searched && results && results.length === 0 && !stale && (
        <Typography color="textSecondary" sx={{ py: 3, textAlign: 'center' }} data-testid="no-patients">
          {MESSAGES.noPatientsFound}
        </Typography>
      )}
      {searched && results && results.length > 0 && shownResults && shownResults.length > 0 && <ResultList results={shownResults} stale={shownStale} linkTo={linkTo} select={select} intent={intent} />}
    </Box>
  );
}
