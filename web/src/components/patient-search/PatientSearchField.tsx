import Clear from '@mui/icons-material/Clear';
import Search from '@mui/icons-material/Search';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import { PATIENT_SEARCH_TEXT } from '@/lib/messages';

/** The search input: placeholder 'Search for a patient...', Enter searches at once, a clear button. */
export function PatientSearchField({
  value,
  onChange,
  onSubmit,
  onClear,
  autoFocus = false,
  id = 'patient-search',
}: {
  value: string;
  onChange: (value: string) => void;
  onSubmit: () => void;
  onClear: () => void;
  autoFocus?: boolean;
  id?: string;
}) {
  return (
    <form
      role="search"
      aria-label="Patients"
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      <TextField
        id={id}
        type="search"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        placeholder={PATIENT_SEARCH_TEXT.searchPlaceholder}
        autoFocus={autoFocus}
        autoComplete="off"
        slotProps={{
          htmlInput: { 'aria-label': 'Search for a patient', enterKeyHint: 'search', spellCheck: false, autoCapitalize: 'none' },
          input: {
            startAdornment: (
              <InputAdornment position="start">
                <Search aria-hidden />
              </InputAdornment>
            ),
            endAdornment: value ? (
              <InputAdornment position="end">
                <IconButton aria-label="Clear the search" onClick={onClear} edge="end">
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
}
