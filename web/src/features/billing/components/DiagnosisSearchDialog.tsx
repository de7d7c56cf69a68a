import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import Snackbar from '@mui/material/Snackbar';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useMemo, useState } from 'react';
import { TOAST_AUTO_HIDE_MS } from '@/lib/constants';
import { createDebouncer } from '@/lib/debounce';
import { useDiagnosisSearch } from '../api/get-diagnoses';
import type { Diagnosis } from '../api/types';
import { DIAGNOSIS_SEARCH_MAX, DIAGNOSIS_SEARCH_MIN, SEARCH_SETTLE } from '../lib/constants';
import { BILLING_TEXT } from '../lib/texts';
import { FullScreenDialog } from './FullScreenDialog';

function Search({ onPick }: { onPick: (diagnosis: Diagnosis) => void }) {
  const [text, setText] = useState('');
  const [search, setSearch] = useState('');
  const debouncer = useMemo(() => createDebouncer(setSearch, SEARCH_SETTLE), []);
  useEffect(() => () => debouncer.cancel(), [debouncer]);
  const results = useDiagnosisSearch(search);
  const short = search.trim().length < DIAGNOSIS_SEARCH_MIN;
  const list = short ? [] : (results.data ?? []);
  return (
    <Box role="search">
      <TextField
        label={BILLING_TEXT.searchDiagnoses}
        value={text}
        fullWidth
        autoFocus
        autoComplete="off"
        helperText={BILLING_TEXT.typeMore}
        onChange={(event) => {
          setText(event.target.value);
          debouncer.type(event.target.value);
        }}
        onKeyDown={(event) => {
          if (event.key === 'Enter') debouncer.flush();
        }}
        slotProps={{ htmlInput: { maxLength: DIAGNOSIS_SEARCH_MAX, enterKeyHint: 'search', 'aria-controls': 'diagnosis-results' } }}
      />
      <Box role="status" aria-live="polite" sx={{ minHeight: 24, mt: 1 }}>
        {results.isFetching && !short ? (
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
            <CircularProgress size={18} aria-hidden />
            <Typography variant="body2">{BILLING_TEXT.searching}</Typography>
          </Box>
        ) : results.error && !short ? (
          <Alert severity="error">{BILLING_TEXT.searchFailed}</Alert>
        ) : !short && results.data && results.data.length === 0 ? (
          <Typography data-testid="diagnosis-none">{BILLING_TEXT.noDiagnoses}</Typography>
        ) : null}
      </Box>
      <List id="diagnosis-results" aria-label="Diagnoses found" sx={{ mt: 1 }}>
        {list.map((d) => (
          <ListItem key={d.umlsId} disablePadding divider>
            <ListItemButton onClick={() => onPick(d)} sx={{ display: 'block', overflowWrap: 'anywhere' }}>
            <Typography component="span" sx={{ fontWeight: 700 }}>
              {d.code}
            </Typography>{' '}
            <Typography component="span">{d.diagnosis}</Typography>
            {!d.billable && (
              <Typography component="span" variant="body2" color="textSecondary" sx={{ display: 'block' }}>
                Category, not billable
              </Typography>
            )}
            </ListItemButton>
          </ListItem>
        ))}
      </List>
    </Box>
  );
}

/**
 * 'Diagnosis Search': an ICD-10-CM search (settled as the user types, from 2 characters);
 * tapping a code adds it to the order and closes the dialog. A code the order holds already
 * is refused with the error snackbar 'Cannot Add Duplicate Diagnoses' and the dialog stays
 * open. The snackbar is the dialog's own: the app's toasts sit outside the dialog, which hides
 * everything around it from screen readers while it is open.
 */
export default function DiagnosisSearchDialog({ open, onClose, onPick }: { open: boolean; onClose: () => void; onPick: (diagnosis: Diagnosis) => string | null }) {
  const [refusal, setRefusal] = useState<{ id: number; text: string } | null>(null);
  const [shown, setShown] = useState(false);
  if (!open && shown) setShown(false);
  return (
    <FullScreenDialog open={open} onClose={onClose} title={BILLING_TEXT.diagnosisSearch} testId="diagnosis-search-dialog">
      <Search
        onPick={(d) => {
          const refused = onPick(d);
          if (refused === null) {
            onClose();
            return;
          }
          setRefusal({ id: Date.now(), text: refused });
          setShown(true);
        }}
      />
      <Snackbar key={refusal?.id} open={shown} autoHideDuration={TOAST_AUTO_HIDE_MS} onClose={(_e, reason) => reason !== 'clickaway' && setShown(false)} anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}>
        <Alert severity="error" variant="filled" onClose={() => setShown(false)} sx={{ width: '100%' }}>
          {refusal?.text}
        </Alert>
      </Snackbar>
    </FullScreenDialog>
  );
}
