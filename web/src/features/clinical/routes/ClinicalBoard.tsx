import EditOutlined from '@mui/icons-material/EditOutlined';
import Refresh from '@mui/icons-material/Refresh';
import Search from '@mui/icons-material/Search';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import { lazy, useDeferredValue, useState } from 'react';
import { usePreferencesQuery } from '@/api/preferences/get-preferences';
import { OnceOpened } from '@/components/form/once-opened';
import { usePageTitle } from '@/components/page-title';
import { VisuallyHidden } from '@/components/VisuallyHidden';
import { useClinicalCounts } from '../api/get-clinical-counts';
import type { ClinicalCounts, ClinicalWidget } from '../api/types';
import { Failed, Loading, NoPatientSelected } from '../components/ClinicalStatus';
import { WidgetTile } from '../components/WidgetTile';
import { COLUMN_NAMES } from '../lib/layout';
import { CLINICAL_TEXT } from '../lib/texts';
import { boardColumns } from '../lib/widgets';

// The dialog (and the drag library in it) loads at its first opening.
const EditWidgetsDialog = lazy(() => import('../components/EditWidgetsDialog'));

/** The tiles, in two columns or one (throws the missing-count error: the page's error boundary shows it). */
function Tiles({ widgets, counts, filter, patientId }: { widgets: ClinicalWidget[]; counts: ClinicalCounts; filter: string; patientId: number }) {
  const columns = boardColumns(widgets, counts, filter);
  const shown = columns.reduce((n, c) => n + c.length, 0);
  const anyShown = widgets.some((w) => w.showInView);
  return (
    <>
      <VisuallyHidden>
        <span role="status">{filter.trim() ? `${shown} of the clinical widgets shown` : ''}</span>
      </VisuallyHidden>
      {shown === 0 ? (
        <Alert severity="info" data-testid="clinical-empty">
          {anyShown ? CLINICAL_TEXT.nothingMatches(filter.trim()) : CLINICAL_TEXT.nothingShown}
        </Alert>
      ) : (
        <Box data-testid="clinical-board" data-columns={columns.length} sx={{ display: 'grid', gridTemplateColumns: columns.length === 2 ? 'repeat(2, minmax(0, 1fr))' : 'minmax(0, 1fr)', gap: 1, alignItems: 'start' }}>
          {columns.map((column, i) => (
            <Box
              key={i}
              component="ul"
              aria-label={columns.length === 2 ? COLUMN_NAMES[i] : CLINICAL_TEXT.title}
              sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1, gridTemplateColumns: 'minmax(0, 1fr)' }}
            >
              {column.map((tile) => (
                <li key={tile.key}>
                  <WidgetTile tile={tile} patientId={patientId} />
                </li>
              ))}
            </Box>
          ))}
        </Box>
      )}
    </>
  );
}

function Board({ patientId }: { patientId: number }) {
  usePageTitle(CLINICAL_TEXT.title);
  const preferences = usePreferencesQuery();
  const widgets = preferences.data?.clinicalSummary ?? [];
  const counts = useClinicalCounts(patientId);
  const [filter, setFilter] = useState('');
  const deferredFilter = useDeferredValue(filter);
  const [editing, setEditing] = useState(false);
  // A browser copy of the preferences from before the board existed has no widgets: wait for the server's.
  const waiting = counts.isPending || (widgets.length === 0 && preferences.isFetching);

  return (
    <Box component="section" aria-label={CLINICAL_TEXT.title}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 2 }}>
        <TextField
          type="search"
          size="small"
          value={filter}
          onChange={(e) => setFilter(e.target.value)}
          placeholder={CLINICAL_TEXT.filterPlaceholder}
          sx={{ flex: '1 1 auto', minWidth: 0, '& .MuiInputBase-root': { minHeight: 44 } }}
          slotProps={{
            htmlInput: { 'aria-label': CLINICAL_TEXT.filterLabel, autoComplete: 'off', enterKeyHint: 'search' },
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <Search aria-hidden />
                </InputAdornment>
              ),
            },
          }}
        />
        <Tooltip title={CLINICAL_TEXT.refresh}>
          <IconButton aria-label={CLINICAL_TEXT.refresh} onClick={() => void counts.refetch()} aria-busy={counts.isFetching}>
            {counts.isFetching && !counts.isPending ? <CircularProgress size={22} aria-hidden /> : <Refresh />}
          </IconButton>
        </Tooltip>
        <Tooltip title={CLINICAL_TEXT.editTitle}>
          <IconButton aria-label={CLINICAL_TEXT.editTitle} onClick={() => setEditing(true)} aria-haspopup="dialog">
            <EditOutlined />
          </IconButton>
        </Tooltip>
      </Stack>
      {counts.data && !waiting ? (
        <Tiles widgets={widgets} counts={counts.data} filter={deferredFilter} patientId={patientId} />
      ) : counts.error ? (
        <Failed retry={() => void counts.refetch()}>{CLINICAL_TEXT.countsFailed}</Failed>
      ) : (
        <Loading />
      )}
      <OnceOpened open={editing}>
        <EditWidgetsDialog open={editing} onClose={() => setEditing(false)} widgets={widgets} />
      </OnceOpened>
    </Box>
  );
}

/**
 * /patients/{id}/clinical: the Clinical board (spec part 2, 'Clinical'): filter, refresh and
 * edit, then the user's widgets (the clinicalSummary preference) as coloured tiles with
 * the patient's counts. Its first paint needs the counts and the preferences the app has
 * already loaded.
 */
export default function ClinicalBoard({ patientId }: { patientId: number | null }) {
  if (patientId === null || patientId <= 0) return <NoPatientSelected />;
  return <Board patientId={patientId} />;
}
