import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { useState, type Ref } from 'react';
import { helpWithSavedValue, useSavedValue } from '@/components/form';
import { exactOption, optionLabel, prefixMatches, type PlaceOption } from '@/lib/places';

/**
 * A text field that suggests up to 5 places whose name starts with what was typed
 * (country, US state). Choosing a suggestion stores its value (a state's 2-letter code);
 * text that names one exactly is stored the same way; any other text is kept as typed
 * (a province abroad, a country the list spells differently).
 */
export function PlaceAutocomplete({
  id,
  label,
  value,
  onChange,
  onBlur,
  options,
  maxLength,
  error,
  inputRef,
  savedPath,
}: {
  id: string;
  /** The field's path in the form: someone else's value, after a refused stale save, shows under it. */
  savedPath?: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  onBlur: () => void;
  options: readonly PlaceOption[];
  maxLength: number;
  error?: string | undefined;
  inputRef?: Ref<HTMLInputElement>;
}) {
  const [text, setText] = useState(() => optionLabel(options, value));
  const saved = useSavedValue(savedPath ?? '');
  const savedShown = saved === undefined ? undefined : optionLabel(options, String(saved.saved ?? ''));
  // A value set from outside (reset, another country) shows by its name.
  const [shown, setShown] = useState({ value, options });
  if (shown.value !== value || shown.options !== options) {
    setShown({ value, options });
    const stored = exactOption(options, text)?.value ?? text.trim();
    if (stored !== value) setText(optionLabel(options, value));
  }
  const suggestions = prefixMatches(options, text);
  return (
    <Autocomplete<PlaceOption, false, false, true>
      id={id}
      freeSolo
      options={suggestions}
      filterOptions={(o) => o}
      getOptionLabel={(o) => (typeof o === 'string' ? o : o.label)}
      inputValue={text}
      value={null}
      autoHighlight={false}
      onInputChange={(_event, typed, reason) => {
        if (reason === 'reset' && typed === '') return;
        setText(typed);
        onChange(exactOption(options, typed)?.value ?? typed);
      }}
      onChange={(_event, chosen) => {
        if (chosen && typeof chosen !== 'string') {
          setText(chosen.label);
          onChange(chosen.value);
        }
      }}
      renderOption={(props, option) => {
        const { key, ...rest } = props as typeof props & { key: string };
        return (
          <li key={key} {...rest}>
            {option.label}
            {option.value !== option.label ? ` (${option.value})` : ''}
          </li>
        );
      }}
      renderInput={(params) => (
        <TextField
          {...params}
          label={label}
          error={!!error}
          helperText={helpWithSavedValue(error, savedShown)}
          inputRef={inputRef}
          onBlur={onBlur}
          slotProps={{ ...params.slotProps, htmlInput: { ...params.slotProps.htmlInput, maxLength, autoComplete: 'off' } }}
        />
      )}
    />
  );
}
