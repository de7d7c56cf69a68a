import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { displayDate } from '@/lib/dates';
import { Controller, type FieldPath, type FieldValues, type UseFormReturn } from 'react-hook-form';
import { useDiscardGuard } from './DiscardGuard';
import { helpWithSavedValue, useSavedValue } from './EditConflict';
import { BAD_DATE, dateInputValue } from './rules';

/** A choice of a select: its value ('' is none) and what it shows. */
export interface FormChoice {
  value: string;
  label: string;
}

interface CommonProps<T extends FieldValues> {
  form: UseFormReturn<T>;
  name: FieldPath<T>;
  /** The input's id (stable, for labels and tests). */
  id: string;
  label: string;
  required?: boolean | undefined;
  disabled?: boolean | undefined;
  /** Shown under the field while it has no error. */
  helperText?: string | undefined;
}

/**
 * A text field of a react-hook-form form: its error shows under it. Dates and times keep
 * their label above the input. `parse` rewrites what is typed (a phone's dashes, a number's
 * decimals); `blurRule` is checked when the field is left (its message shows at once and
 * goes when the field is left right).
 */
export function FormTextField<T extends FieldValues>({
  form,
  name,
  id,
  label,
  required,
  disabled,
  helperText,
  type = 'text',
  multiline,
  maxLength,
  max,
  inputMode,
  autoComplete = 'off',
  parse,
  onEdited,
  blurRule,
}: CommonProps<T> & {
  type?: string;
  multiline?: boolean;
  maxLength?: number | undefined;
  /** The latest date or time the picker offers. */
  max?: string | undefined;
  inputMode?: 'text' | 'email' | 'tel' | 'numeric' | 'decimal' | undefined;
  autoComplete?: string | undefined;
  parse?: ((text: string) => string) | undefined;
  /** Called after each change. */
  onEdited?: (() => void) | undefined;
  blurRule?: ((value: string) => string | undefined) | undefined;
}) {
  const { control, setError, clearErrors } = form;
  // The dialog around asks before closing when this field's form holds typed changes.
  useDiscardGuard(form);
  // Someone else's value, after a refused stale save: shown as the field would show it.
  const saved = useSavedValue(name);
  const savedShown = saved === undefined ? undefined : type === 'date' ? displayDate(String(saved.saved ?? '')) : String(saved.saved ?? '');
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <TextField
          id={id}
          label={label}
          required={required}
          disabled={disabled}
          type={type}
          multiline={multiline}
          minRows={multiline ? 3 : undefined}
          // A date the input shows but that is no day is held as BAD_DATE and shown as the input has it.
          value={field.value === BAD_DATE ? '' : (field.value ?? '')}
          onChange={(event) => {
            const text = type === 'date' ? dateInputValue(event.target) : event.target.value;
            field.onChange(parse ? parse(text) : text);
            onEdited?.();
          }}
          onBlur={(event) => {
            // Typing into an empty date input changes nothing the page hears until it is a real
            // day: what it shows is read when it is left.
            if (type === 'date') {
              const text = dateInputValue(event.target);
              if (text !== (field.value ?? '')) field.onChange(text);
            }
            field.onBlur();
            if (!blurRule) return;
            const message = blurRule(String(field.value ?? ''));
            if (message) setError(name, { type: 'blur', message });
            else if (fieldState.error?.type === 'blur') clearErrors(name);
          }}
          inputRef={field.ref}
          error={!!fieldState.error}
          helperText={helpWithSavedValue(fieldState.error?.message ?? helperText, savedShown)}
          autoComplete={autoComplete}
          slotProps={{
            htmlInput: { maxLength, inputMode, max },
            inputLabel: type === 'date' || type === 'time' ? { shrink: true } : {},
          }}
        />
      )}
    />
  );
}

/**
 * A native select of a react-hook-form form (the phone's own picker): `empty` names the
 * '' choice (none when undefined). A select fixed after an error is checked again at once.
 * `long` choices (vaccine names) are listed in the app's own menu instead, each wrapping onto
 * as many lines as it needs and the chosen one wrapping in the field: a phone's picker and a
 * native select cut them at the width of a 360 px screen.
 */
export function FormSelect<T extends FieldValues>({
  form,
  name,
  id,
  label,
  required,
  disabled,
  helperText,
  choices,
  empty,
  long = false,
}: CommonProps<T> & { choices: readonly FormChoice[]; empty?: string | undefined; long?: boolean }) {
  const { control, trigger } = form;
  useDiscardGuard(form);
  const saved = useSavedValue(name);
  const savedValue = saved === undefined ? undefined : String(saved.saved ?? '');
  const savedShown = savedValue === undefined ? undefined : (choices.find((c) => c.value === savedValue)?.label ?? (savedValue === '' ? (empty ?? '') : savedValue));
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <TextField
          select
          id={id}
          label={label}
          required={required}
          disabled={disabled}
          value={field.value ?? ''}
          onChange={(event) => {
            field.onChange(event.target.value);
            if (fieldState.error) void trigger(name);
          }}
          onBlur={field.onBlur}
          inputRef={field.ref}
          error={!!fieldState.error}
          helperText={helpWithSavedValue(fieldState.error?.message ?? helperText, savedShown)}
          slotProps={
            long
              ? {
                  select: {
                    native: false,
                    displayEmpty: true,
                    renderValue: (value) => (value === '' ? (empty ?? '') : (choices.find((c) => c.value === value)?.label ?? String(value))),
                    MenuProps: { slotProps: { paper: { sx: { maxWidth: 'calc(100vw - 32px)' } } } },
                    // Doubled class: above the select's own nowrap and ellipsis.
                    sx: { '& .MuiSelect-select.MuiSelect-select': { whiteSpace: 'normal', overflowWrap: 'anywhere', textOverflow: 'clip' } },
                  },
                  inputLabel: { shrink: true },
                }
              : { select: { native: true }, inputLabel: { shrink: true } }
          }
        >
          {long
            ? [
                ...(empty !== undefined ? [{ value: '', label: empty }] : []).concat(choices).map((c) => (
                  <MenuItem key={c.value} value={c.value} sx={{ whiteSpace: 'normal', overflowWrap: 'anywhere', minHeight: 48 }} data-testid="select-choice">
                    {c.label}
                  </MenuItem>
                )),
              ]
            : [
                empty !== undefined && (
                  <option key="" value="">
                    {empty}
                  </option>
                ),
                ...choices.map((c) => (
                  <option key={c.value} value={c.value}>
                    {c.label}
                  </option>
                )),
              ]}
        </TextField>
      )}
    />
  );
}
