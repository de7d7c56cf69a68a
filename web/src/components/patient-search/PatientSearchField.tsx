import Clear from '@mui/icons-material/Clear';
import Search from '@mui/icons-material/Search';
import FormControl from '@mui/material/FormControl';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import OutlinedInput from '@mui/material/OutlinedInput';
import { memo, useState } from 'react';
import { PATIENT_SEARCH_TEXT } from '@/lib/messages';

/**
 * The search input: placeholder 'Search for a patient...', Enter searches at once, a clear
 * button. It keeps what is typed itself (a key press re-renders this field only) and tells
 * `onType` each change. Memoised: the page around it re-renders when results come, not it.
 */
export const PatientSearchField = memo(function PatientSearchField({
  onType,
  onSubmit,
  onClear,
  autoFocus = false,
  id = 'patient-search',
}: {
  onType: (value: string) => void;
  onSubmit: () => void;
  onClear: () => void;
  autoFocus?: boolean;
  id?: string;
}) {
  const [value, setValue] = useState('');
  return (
    <form
      role="search"
      aria-label="Patients"
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      {/* An outlined text field from its parts (what TextField renders, with the theme's TextField defaults: secondary colour, full width): TextField would bring its select support. */}
      <FormControl variant="outlined" color="secondary" fullWidth sx={{ '& input[type=search]::-webkit-search-cancel-button': { display: 'none' } }}>
        <OutlinedInput
          id={id}
          type="search"
          value={value}
          onChange={(event) => {
            setValue(event.target.value);
            onType(event.target.value);
          }}
          placeholder={PATIENT_SEARCH_TEXT.searchPlaceholder}
          autoFocus={autoFocus}
          autoComplete="off"
          inputProps={{ 'aria-label': 'Search for a patient', enterKeyHint: 'search', spellCheck: false, autoCapitalize: 'none' }}
          startAdornment={
            <InputAdornment position="start">
              <Search aria-hidden />
            </InputAdornment>
          }
          endAdornment={
            value ? (
              <InputAdornment position="end">
                <IconButton
                  aria-label="Clear the search"
                  onClick={() => {
                    setValue('');
                    onClear();
                  }}
                  edge="end"
                >
                  <Clear />
                </IconButton>
              </InputAdornment>
            ) : undefined
          }
        />
      </FormControl>
    </form>
  );
});
