import { zodResolver } from '@hookform/resolvers/zod';
import { usePracticeToday } from '@/api/scheduling/get-day-appointments';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useMemo, useState } from 'react';
import { Controller, useForm, useWatch, type FieldValues, type UseFormReturn } from 'react-hook-form';
import { ApiRequestError } from '@/api/errors';
import { parameterLimits } from '@/api/limits';
import {
  EditConflictAlert,
  FormDialog,
  FormErrors,
  FormSelect,
  FormTextField,
  SavedValuesProvider,
  showFieldErrors,
  splitFieldErrors,
  useDiscardGuard,
  useEditConflict,
  useValuesPerOpening,
  type FormChoice,
  type ShownConflict,
} from '@/components/form';
import { useToast } from '@/components/toast';
import { createDebouncer } from '@/lib/debounce';
import { clinicalCodesQueryOptions, entryEditConflict, useDiagnosisSearch, useSaveEntry, vaccinesQueryOptions, type ChartedSection, type Diagnosis } from '../api/charting';
import {
  FIELD_LABELS,
  FORM_TEXT,
  NOTE_TYPES,
  allergySchema,
  allergyValues,
  formFieldOf,
  immunizationSchema,
  immunizationValues,
  medicationSchema,
  medicationValues,
  noteSchema,
  noteValues,
  patientNoteSchema,
  patientNoteValues,
  problemSchema,
  problemValues,
  smokingSchema,
  smokingValues,
  diagnosisText,
  toEntryInput,
  type ProblemValues,
  type ValuesOf,
} from '../lib/entry-forms';
import { ALLERGY_CATEGORY_CODES, allergyCategory } from '../lib/format';
import type { ClinicalEntry, ResourceOf } from '../lib/sections';


const choices = (pairs: ReadonlyArray<readonly [string, string]>): FormChoice[] => pairs.map(([value, label]) => ({ value, label }));
/** In the list's words ('Drug', 'Environmental'): one word for a type in the form and the list. */
const ALLERGY_CATEGORIES: FormChoice[] = ALLERGY_CATEGORY_CODES.map((code) => ({ value: code, label: allergyCategory(code) }));
const SEVERITIES = choices([
  ['mild', 'Mild'],
  ['moderate', 'Moderate'],
  ['severe', 'Severe'],
]);
const CLINICAL_STATUSES = choices([
  ['active', 'Active'],
  ['inactive', 'Inactive'],
  ['resolved', 'Resolved'],
]);
const VERIFICATIONS = choices([
  ['confirmed', 'Confirmed'],
  ['unconfirmed', 'Unconfirmed'],
  ['refuted', 'Refuted'],
  ['entered-in-error', 'Entered in error'],
]);
const MEDICATION_STATUSES = choices([
  ['active', 'Active'],
  ['completed', 'Completed'],
  ['stopped', 'Stopped'],
  ['on-hold', 'On hold'],
  ['entered-in-error', 'Entered in error'],
]);
const IMMUNIZATION_STATUSES = choices([
  ['completed', 'Completed'],
  ['entered-in-error', 'Entered in error'],
]);
const SOURCES = choices([
  ['true', 'Given here'],
  ['false', 'Reported by the patient or another provider'],
]);

type AnyForm = UseFormReturn<FieldValues>;

/** A labelled checkbox of the form (a finger-sized target). */
function FormCheckbox({ form, name, label, id }: { form: AnyForm; name: string; label: string; id: string }) {
  return (
    <Controller
      control={form.control}
      name={name}
      render={({ field }) => (
        <FormControlLabel
          sx={{ minHeight: 44 }}
          control={<Checkbox id={id} checked={!!field.value} onChange={(e) => field.onChange(e.target.checked)} slotProps={{ input: { ref: field.ref } as object }} />}
          label={label}
        />
      )}
    />
  );
}

const DIAGNOSIS_MAX = parameterLimits['/api/diagnosis/'].get.search.maxLength;

/**
 * The ICD-10-CM combobox: the search settles 300 ms after the last key (at least every
 * 800 ms while typing) and lists code and description as the server ranks them (billable
 * first). Keyboard (arrows, Enter) and touch alike; the chosen code fills `code` and `description`.
 */
function DiagnosisField({ form, id }: { form: UseFormReturn<ProblemValues>; id: string }) {
  // What the field shows is a form value (`search`): a typed text counts as a change (closing
  // asks first) and is kept when the field is left without a pick.
  const text = useWatch({ control: form.control, name: 'search' });
  const [search, setSearch] = useState('');
  const [open, setOpen] = useState(false);
  const debouncer = useMemo(() => createDebouncer(setSearch, { delay: 300, maxWait: 800 }), []);
  useEffect(() => () => debouncer.cancel(), [debouncer]);
  const results = useDiagnosisSearch(search);
  const code = useWatch({ control: form.control, name: 'code' });
  const description = useWatch({ control: form.control, name: 'description' });
  const chosen = useMemo(() => (code ? ({ code, diagnosis: description, billable: true, index: 0 } as Diagnosis) : null), [code, description]);
  const options = results.data ?? [];
  const noOptions = search.trim().length < 2 ? FORM_TEXT.typeMore : results.isFetching ? FORM_TEXT.searching : FORM_TEXT.noResults;
  return (
    <Controller
      control={form.control}
      name="code"
      render={({ field, fieldState }) => (
        <Autocomplete<Diagnosis, false, false, false>
          id={id}
          options={options}
          value={chosen}
          inputValue={text}
          open={open}
          onOpen={() => setOpen(true)}
          onClose={() => setOpen(false)}
          clearOnBlur={false}
          filterOptions={(o) => o}
          isOptionEqualToValue={(a, b) => a.code === b.code}
          getOptionLabel={(o) => `${o.code} ${o.diagnosis}`}
          loading={results.isFetching}
          noOptionsText={noOptions}
          autoHighlight
          onInputChange={(_event, typed, reason) => {
            // Only what the user typed or cleared changes the text: never a reset or a blur.
            if (reason !== 'input' && reason !== 'clear') return;
            form.setValue('search', typed);
            debouncer.type(typed);
            // Typing over a chosen code unchooses it: the text is no longer that code.
            if (reason === 'clear' || typed !== diagnosisText(code, description)) {
              if (code) field.onChange('');
              if (description) form.setValue('description', '');
            }
            if (fieldState.error?.type === 'blur') form.clearErrors('code');
          }}
          onChange={(_event, option) => {
            field.onChange(option?.code ?? '');
            form.setValue('description', option?.diagnosis ?? '');
            form.setValue('search', option ? diagnosisText(option.code, option.diagnosis) : '');
            if (option) form.clearErrors('code');
          }}
          renderOption={(props, option) => {
            const { key, ...rest } = props as typeof props & { key: string };
            return (
              <Box component="li" key={key} {...rest} sx={{ display: 'block !important', minHeight: 48, overflowWrap: 'anywhere' }}>
                <Typography component="span" sx={{ fontWeight: 700 }}>
                  {option.code}
                </Typography>{' '}
                <Typography component="span">{option.diagnosis}</Typography>
                {!option.billable && (
                  <Typography component="span" variant="body2" color="textSecondary" sx={{ display: 'block' }}>
                    Category, not billable
                  </Typography>
                )}
              </Box>
            );
          }}
          renderInput={(params) => (
            <TextField
              {...params}
              label="ICD-10-CM code or description"
              required
              inputRef={field.ref}
              onBlur={() => {
                field.onBlur();
                // Typed but not picked: the text stays, and the field says to pick from the list.
                const values = form.getValues();
                if (values.code === '' && values.search.trim() !== '') form.setError('code', { type: 'blur', message: FORM_TEXT.notInList });
              }}
              onKeyDown={(event) => {
                // Escape in the open list closes the list only, never the form around it.
                if (event.key === 'Escape' && open) {
                  event.stopPropagation();
                  setOpen(false);
                }
              }}
              error={!!fieldState.error}
              helperText={fieldState.error?.message ?? 'Type a code or words of the description'}
              slotProps={{ ...params.slotProps, htmlInput: { ...params.slotProps.htmlInput, maxLength: DIAGNOSIS_MAX } }}
            />
          )}
        />
      )}
    />
  );
}

/** Each section's fields, in reading order. */
function Fields({ section, form, ids, today }: { section: ChartedSection; form: AnyForm; ids: (name: string) => string; today: string }) {
  const common = (name: string, label: string) => ({ form, name, id: ids(name), label });
  const immunizationNotGiven = useWatch({ control: form.control, name: 'notGiven' }) as boolean | undefined;
  const problemStatus = useWatch({ control: form.control, name: 'clinicalStatus' }) as string | undefined;
  const vaccines = useQuery({ ...vaccinesQueryOptions, enabled: section === 'immunizations' });
  const codes = useQuery({ ...clinicalCodesQueryOptions, enabled: section === 'smokingStatus' });
  switch (section) {
    case 'allergies':
      return (
        <>
          <FormTextField {...common('substance', 'Substance')} required />
          <FormSelect {...common('severity', 'Severity')} choices={SEVERITIES} empty="Not recorded" />
          <FormTextField {...common('reaction', 'Reaction')} />
          <FormSelect {...common('category', 'Type')} choices={ALLERGY_CATEGORIES} empty="Not recorded" />
          <FormSelect {...common('clinicalStatus', 'Status')} choices={CLINICAL_STATUSES} />
          <FormSelect {...common('verificationStatus', 'Verification')} choices={VERIFICATIONS} />
          <FormTextField {...common('onset', 'Onset')} type="date" max={today} />
          <FormTextField {...common('note', 'Note')} multiline />
        </>
      );
    case 'problemList':
      return (
        <>
          <DiagnosisField form={form as unknown as UseFormReturn<ProblemValues>} id={ids('code')} />
          <FormSelect {...common('clinicalStatus', 'Status')} choices={CLINICAL_STATUSES} />
          <FormTextField {...common('onset', 'Onset')} type="date" max={today} />
          {problemStatus === 'resolved' && <FormTextField {...common('resolved', 'Resolved')} type="date" required max={today} />}
        </>
      );
    case 'medications':
      return (
        <>
          <FormTextField {...common('medication', 'Medication')} required helperText="Name, strength and form" />
          <FormTextField {...common('dosage', 'Dosage')} />
          <FormTextField {...common('reason', 'Reason')} />
          <FormSelect {...common('status', 'Status')} choices={MEDICATION_STATUSES} />
          <FormTextField {...common('start', 'Start')} type="date" max={today} />
          <FormTextField {...common('end', 'End')} type="date" max={today} />
          <FormTextField {...common('prescriber', 'Prescriber')} />
        </>
      );
    case 'immunizations':
      return (
        <>
          <FormSelect
            {...common('cvx', 'Vaccine')}
            required
            long
            choices={(vaccines.data ?? []).map((v) => ({ value: v.cvx, label: `${v.name} (CVX ${v.cvx})` }))}
            empty={vaccines.isError ? 'The vaccines could not be loaded' : vaccines.data ? 'Choose a vaccine' : 'Loading…'}
          />
          <FormTextField {...common('occurrence', 'Date')} type="date" required max={today} />
          <FormCheckbox form={form} name="notGiven" label={FORM_TEXT.notGiven} id={ids('notGiven')} />
          {immunizationNotGiven ? (
            <FormTextField {...common('statusReason', 'Reason not given')} required helperText="Patient refused, medical precaution…" />
          ) : (
            <>
              <FormSelect {...common('status', 'Status')} choices={IMMUNIZATION_STATUSES} />
              <FormTextField {...common('doseNumber', 'Dose number')} inputMode="numeric" maxLength={2} />
              <FormTextField {...common('lotNumber', 'Lot number')} />
              <FormTextField {...common('manufacturer', 'Manufacturer')} />
              <FormTextField {...common('site', 'Site')} />
              <FormSelect {...common('primarySource', 'Source')} choices={SOURCES} />
            </>
          )}
        </>
      );
    case 'clinicalNotes':
      return (
        <>
          <FormSelect {...common('noteType', 'Type')} required choices={noteTypeChoices(form.getValues('noteType') as string)} empty="Choose a type" />
          <FormTextField {...common('text', 'Note')} required multiline />
          <FormCheckbox form={form} name="sign" label={FORM_TEXT.signNow} id={ids('sign')} />
        </>
      );
    case 'patientNotes':
      return (
        <>
          <FormTextField {...common('title', 'Title')} required />
          <FormTextField {...common('text', 'Note')} required multiline />
        </>
      );
    case 'smokingStatus':
      return (
        <>
          <FormSelect
            {...common('code', 'Smoking status')}
            required
            choices={(codes.data?.smokingStatuses ?? []).map((c) => ({ value: c.code, label: c.display }))}
            empty={codes.isError ? 'The statuses could not be loaded' : codes.data ? 'Choose a status' : 'Loading…'}
          />
          <FormTextField {...common('effective', 'Date')} type="date" required max={today} />
        </>
      );
  }
}

/** The note types (an amended note's own type too, when it is another). */
function noteTypeChoices(current: string): FormChoice[] {
  const types: string[] = [...NOTE_TYPES];
  if (current && !types.includes(current)) types.push(current);
  return types.map((t) => ({ value: t, label: t }));
}

function schemaOf(section: ChartedSection, today: string) {
  switch (section) {
    case 'allergies':
      return allergySchema(today);
    case 'problemList':
      return problemSchema(today);
    case 'medications':
      return medicationSchema(today);
    case 'immunizations':
      return immunizationSchema(today);
    case 'clinicalNotes':
      return noteSchema;
    case 'patientNotes':
      return patientNoteSchema;
    case 'smokingStatus':
      return smokingSchema(today);
  }
}

/** The form's starting values: the entry's (an edit), the amended note's type, or a new entry's. */
export function startValues(section: ChartedSection, entry: ClinicalEntry | null, today: string): ValuesOf[ChartedSection] {
  const r = entry?.resource;
  switch (section) {
    case 'allergies':
      return allergyValues(r as ResourceOf<'allergies'> | undefined);
    case 'problemList':
      return problemValues(r as ResourceOf<'problemList'> | undefined);
    case 'medications':
      return medicationValues(r as ResourceOf<'medications'> | undefined);
    case 'immunizations':
      return immunizationValues(r as ResourceOf<'immunizations'> | undefined, today);
    case 'clinicalNotes':
      return noteValues(r as ResourceOf<'clinicalNotes'> | undefined);
    case 'patientNotes':
      return patientNoteValues(r as ResourceOf<'patientNotes'> | undefined);
    case 'smokingStatus':
      return smokingValues(r as ResourceOf<'smokingStatus'> | undefined, today);
  }
}

function Body({
  patientId,
  section,
  entry,
  amends,
  initial,
  formId,
  today,
  setSaving,
  onSaved,
}: {
  patientId: number;
  section: ChartedSection;
  entry: ClinicalEntry | null;
  amends: ClinicalEntry | null;
  initial: ValuesOf[ChartedSection];
  formId: string;
  today: string;
  setSaving: (saving: boolean) => void;
  onSaved: (entry: ClinicalEntry) => void;
}) {
  const schema = useMemo(() => schemaOf(section, today), [section, today]);
  const form = useForm<FieldValues>({
    defaultValues: initial as FieldValues,
    resolver: zodResolver(schema as never, undefined, { raw: true }) as never,
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    shouldFocusError: true,
  });
  useDiscardGuard(form);
  const save = useSaveEntry(patientId, section);
  const [others, setOthers] = useState<string[]>([]);
  const conflict = useEditConflict(initial as object, entry?.version ?? null);
  const fieldNames = Object.keys(initial);
  const ids = (name: string) => `${formId}-${name}`;
  const { errors } = form.formState;

  function failed(error: unknown) {
    setSaving(false);
    const stale = entry ? entryEditConflict(error, entry.entryId) : null;
    if (stale) {
      const changed = conflict.resolve(stale.message, { values: startValues(section, stale.current, today) as object, version: stale.current.version }, form.getValues(), fieldNames);
      for (const field of changed) if (field.taken) form.setValue(field.path, field.saved);
      setOthers([]);
      return;
    }
    if (error instanceof ApiRequestError && error.status === 400 && Object.keys(error.fields).length > 0) {
      const split = splitFieldErrors<string>(error.fields, (name) => formFieldOf(section, name, fieldNames), (name, message) => `${FIELD_LABELS[name] ?? name}: ${message}`);
      setOthers(showFieldErrors(form.setError, split));
      return;
    }
    setOthers([error instanceof ApiRequestError && error.message ? error.message : FORM_TEXT.notSaved]);
  }

  const submit = form.handleSubmit((values) => {
    setOthers([]);
    setSaving(true);
    const input = toEntryInput(section, values as ValuesOf[ChartedSection], { amends: amends?.entryId ?? null });
    save.mutate({ entryId: entry?.entryId ?? null, version: conflict.version() ?? 0, input }, { onSuccess: onSaved, onError: failed });
  });

  const shown: ShownConflict | null = conflict.shown;
  return (
    <SavedValuesProvider changed={shown?.changed ?? []}>
      <Box component="form" id={formId} noValidate onSubmit={(e) => void submit(e)}>
        <Stack spacing={2}>
          {shown && (
            <EditConflictAlert key={shown.round} message={shown.message} fields={shown.changed.map((c) => ({ label: FIELD_LABELS[c.path] ?? c.path, inputId: ids(c.path) }))} />
          )}
          <FormErrors show={Object.keys(errors).length > 0} others={others} />
          {amends && (
            <Typography variant="body2" color="textSecondary" data-testid="amends-note">
              Corrects note {amends.entryId}
            </Typography>
          )}
          <Fields section={section} form={form} ids={ids} today={today} />
        </Stack>
      </Box>
    </SavedValuesProvider>
  );
}

/**
 * A chart section's form (issue 14): a new entry, an edit of `entry` (never a note), or a
 * note that amends `amends`. Full screen on phones; a change typed is not lost without asking.
 */
export default function EntryFormDialog({
  open,
  onClose,
  patientId,
  section,
  entry = null,
  amends = null,
  onSaved,
}: {
  open: boolean;
  onClose: () => void;
  patientId: number;
  section: ChartedSection;
  entry?: ClinicalEntry | null;
  amends?: ClinicalEntry | null;
  onSaved?: (entry: ClinicalEntry) => void;
}) {
  const formId = useId();
  const toast = useToast();
  const [saving, setSaving] = useState(false);
  const practiceToday = usePracticeToday();
  const [today] = useState(practiceToday);
  const initial = useValuesPerOpening(open, true, () => startValues(section, entry ?? amends, today));
  const title = amends ? FORM_TEXT.amendTitle : entry ? FORM_TEXT.edit[section] : FORM_TEXT.add[section];
  return (
    <FormDialog open={open} onClose={onClose} title={title} formId={formId} saving={saving} ready={initial !== null}>
      {initial && (
        <Body
          patientId={patientId}
          section={section}
          entry={entry}
          amends={amends}
          initial={initial}
          formId={formId}
          today={today}
          setSaving={setSaving}
          onSaved={(saved) => {
            setSaving(false);
            toast(FORM_TEXT.saved, 'success');
            onSaved?.(saved);
            onClose();
          }}
        />
      )}
    </FormDialog>
  );
}
