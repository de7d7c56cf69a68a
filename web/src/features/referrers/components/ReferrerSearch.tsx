import ChevronRight from '@mui/icons-material/ChevronRight';
import Clear from '@mui/icons-material/Clear';
import Search from '@mui/icons-material/Search';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { memo, useCallback, useEffect, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { SEARCH_AS_YOU_TYPE } from '@/lib/constants';
import { createDebouncer } from '@/lib/debounce';
import { useReferrerSearch } from '../api/search-referrers';
import type { ReferrerSummary } from '../api/types';
import { referrerCompanyLine, referrerName } from '../lib/referrer-format';
import { REFERRER_SEARCH_MAX, referrerKeyword } from '../lib/search';
import { REFERRER_TEXT } from '../lib/texts';

/**
 * The referrer search's state: searches as the user types (80 ms after the last key, at least
 * every 300 ms while keys keep coming; Enter at once), as the patient search does. An empty or
 * whitespace-only keyword resets at once to the list the page starts with.
 */
export function useReferrerSearchState() {
  const [keyword, setKeyword] = useState('');
  const [typing, setTyping] = useState(false);
  const [debouncer] = useState(() =>
    createDebouncer(
      (text) => {
        setTyping(false);
        setKeyword(referrerKeyword(text));
      },
      SEARCH_AS_YOU_TYPE,
    ),
  );
  useEffect(() => () => debouncer.cancel(), [debouncer]);
  const onType = useCallback(
    (text: string) => {
      if (referrerKeyword(text) === '') {
        debouncer.cancel();
        setTyping(false);
        setKeyword('');
        return;
      }
      setTyping(true);
      debouncer.type(text);
    },
    [debouncer],
  );
  const onSubmit = useCallback(() => debouncer.flush(), [debouncer]);
  const query = useReferrerSearch(keyword);
  return { field: { onType, onSubmit }, keyword, query, loading: typing || query.isFetching, stale: query.isPlaceholderData };
}

/** The search input (placeholder 'Search referrers...'): keeps what is typed itself, so a key re-renders it alone. */
export const ReferrerSearchField = memo(function ReferrerSearchField({ onType, onSubmit }: { onType: (text: string) => void; onSubmit: () => void }) {
  const [value, setValue] = useState('');
  return (
    <form
      role="search"
      aria-label={REFERRER_TEXT.referrers}
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      <TextField
        id="referrer-search"
        type="search"
        fullWidth
        value={value}
        onChange={(event) => {
          setValue(event.target.value);
          onType(event.target.value);
        }}
        placeholder={REFERRER_TEXT.searchPlaceholder}
        autoComplete="off"
        slotProps={{
          htmlInput: { 'aria-label': REFERRER_TEXT.searchLabel, enterKeyHint: 'search', spellCheck: false, autoCapitalize: 'none', maxLength: REFERRER_SEARCH_MAX },
          input: {
            startAdornment: (
              <InputAdornment position="start">
                <Search aria-hidden />
              </InputAdornment>
            ),
            endAdornment: value ? (
              <InputAdornment position="end">
                <IconButton
                  aria-label={REFERRER_TEXT.clearSearch}
                  edge="end"
                  onClick={() => {
                    setValue('');
                    onType('');
                  }}
                >
                  <Clear />
                </IconButton>
              </InputAdornment>
            ) : undefined,
          },
        }}
        sx={{ '& input[type=search]::-webkit-search-cancel-button': { display: 'none' } }}
      />
    </form>
  );
});

/** The referrers found, each its name (a person's company below) leading to its page. */
export function ReferrerResults({ results, loading, stale, error }: { results: ReferrerSummary[] | undefined; loading: boolean; stale: boolean; error: unknown }) {
  return (
    <Box aria-busy={loading} sx={{ position: 'relative' }}>
      <Box sx={{ height: 4 }}>{loading && <LinearProgress aria-label={REFERRER_TEXT.searching} />}</Box>
      {error && !results ? (
        <Alert severity="error" role="alert">
          The referrers could not be loaded. Please try again.
        </Alert>
      ) : results && results.length === 0 ? (
        <Typography color="textSecondary" sx={{ py: 2 }} role="status" data-testid="no-referrers">
          {REFERRER_TEXT.noneFound}
        </Typography>
      ) : results ? (
        <Paper variant="outlined" sx={{ opacity: stale ? 0.6 : 1 }}>
          <List aria-label={REFERRER_TEXT.found} disablePadding data-testid="referrer-results">
            {results.map((r, i) => {
              const company = referrerCompanyLine(r);
              const specialty = r.specialty.trim();
              return (
                <li key={r.referralId}>
                  <ListItemButton component={RouterLink} to={`/referrals/${r.referralId}`} divider={i < results.length - 1} sx={{ minHeight: 56 }}>
                    <ListItemText
                      primary={referrerName(r) || `#${r.referralId}`}
                      secondary={[company, specialty].filter(Boolean).join(' · ') || undefined}
                      slotProps={{ primary: { sx: { overflowWrap: 'anywhere' } }, secondary: { sx: { overflowWrap: 'anywhere' } } }}
                    />
                    <ChevronRight aria-hidden color="action" />
                  </ListItemButton>
                </li>
              );
            })}
          </List>
        </Paper>
      ) : null}
    </Box>
  );
}
