import { zodResolver } from '@hookform/resolvers/zod';
import { usePracticeToday } from '@/api/scheduling/get-day-appointments';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { flushSync } from 'react-dom';
import { useEffect, useId, useMemo, useState } from 'react';
import { Controller, useForm, useWatch, type UseFormReturn } from 'react-hook-form';
import { ApiRequestError } from '@/api/errors';
import { FormDialog, FormErrors, FormSelect, FormTextField, showFieldErrors, splitFieldErrors, useValuesPerOpening } from '@/components/form';
import { useToast } from '@/components/toast';
import { createDebouncer } from '@/lib/debounce';
import { SEARCH_AS_YOU_TYPE } from '@/lib/constants';
import { useCreatePatientReferral } from '../api/create-patient-referral';
import { useReferrerSearch } from '../api/search-referrers';
import type { PatientReferral, ReferrerSummary } from '../api/types';
import { newReferralValues, REFERRAL_REASON_MAX, referralFieldOf, referralInput, referralSchema, type ReferralValues } from '../lib/referral-form';
import { referrerCompanyLine, referrerName } from '../lib/referrer-format';
import { REFERRER_SEARCH_MAX, referrerKeyword } from '../lib/search';
import { DIRECTION_LABELS, REFERRAL_DIRECTIONS, REFERRAL_STATUSES, REFERRER_TEXT, STATUS_LABELS } from '../lib/texts';


/**
 * The Referrer field: a combobox that searches the referrers as the user types (GET
 * /api/referrers/?search=, the first ones by name before anything is typed). Picking one fills
 * `referralId`; typing over a pick unpicks it (then Save says 'Choose a value from the list').
 */
function ReferrerField({ form, id }: { form: UseFormReturn<ReferralValues>; id: string }) {
  const text = useWatch({ control: form.control, name: 'referrer' });
  const referralId = useWatch({ control: form.control, name: 'referralId' });
  const [search, setSearch] = useState('');
  const [open, setOpen] = useState(false);
  const debouncer = useMemo(() => createDebouncer((t) => setSearch(referrerKeyword(t)), SEARCH_AS_YOU_TYPE), []);
  useEffect(() => () => debouncer.cancel(), [debouncer]);
  const results = useReferrerSearch(search, open);
  const options = results.data ?? [];
  const chosen = useMemo<ReferrerSummary | null>(
    () => (referralId ? { referralId: Number(referralId), type: 'person', first: '', last: '', company: text, specialty: '', npi: '' } : null),
    // The chosen referrer stands for the text shown when it was picked.
    // eslint-disable-next-line react-hooks/exhaustive-deps -- on purpose: only a new pick makes a new value
    [referralId],
  );
  return (
    <Controller
      control={form.control}
      name="referralId"
      render={({ field, fieldState }) => (
        <Autocomplete<ReferrerSummary, false, false, false>
          id={id}
          options={options}
          value={chosen}
          inputValue={text}
          open={open}
          onOpen={() => setOpen(true)}
          onClose={() => setOpen(false)}
          clearOnBlur={false}
          filterOptions={(o) => o}
          isOptionEqualToValue={(a, b) => a.referralId === b.referralId}
          getOptionLabel={(o) => (o.first || o.last ? referrerName(o) : o.company)}
          loading={results.isFetching}
          loadingText={REFERRER_TEXT.searching}
          noOptionsText={REFERRER_TEXT.noneFound}
          autoHighlight
          onInputChange={(_event, typed, reason) => {
            if (reason !== 'input' && reason !== 'clear') return;
            form.setValue('referrer', typed);
            debouncer.type(typed);
            if (field.value) field.onChange('');
            if (fieldState.error) form.clearErrors('referralId');
          }}
          onChange={(_event, option) => {
            form.setValue('referrer', option ? referrerName(option) : '');
            field.onChange(option ? String(option.referralId) : '');
            if (option) form.clearErrors('referralId');
          }}
          renderOption={(props, option) => {
            const { key, ...rest } = props as typeof props & { key: string };
            const company = referrerCompanyLine(option);
            const extra = [company, option.specialty.trim()].filter(Boolean).join(' · ');
            return (
              <Box component="li" key={key} {...rest} sx={{ display: 'block !important', minHeight: 48, overflowWrap: 'anywhere' }}>
                <Typography component="span" sx={{ display: 'block', fontWeight: 600 }}>
                  {referrerName(option) || `#${option.referralId}`}
                </Typography>
                {extra && (
                  <Typography component="span" variant="body2" color="textSecondary" sx={{ display: 'block' }}>
                    {extra}
                  </Typography>
                )}
              </Box>
            );
          }}
          renderInput={(params) => (
            <TextField
              {...params}
              label={REFERRER_TEXT.referrer}
              required
              inputRef={field.ref}
              onBlur={field.onBlur}
              onKeyDown={(event) => {
                // Escape in the open list closes the list only, never the form around it.
                if (event.key === 'Escape' && open) {
                  event.stopPropagation();
                  setOpen(false);
                }
              }}
              error={!!fieldState.error}
              helperText={fieldState.error?.message ?? REFERRER_TEXT.typeToSearch}
              slotProps={{ ...params.slotProps, htmlInput: { ...params.slotProps.htmlInput, maxLength: REFERRER_SEARCH_MAX } }}
            />
          )}
        />
      )}
    />
  );
}

function Body({ patientId, initial, formId, today, setSaving, onSaved }: { patientId: number; initial: ReferralValues; formId: string; today: string; setSaving: (saving: boolean) => void; onSaved: (saved: PatientReferral) => void }) {
  const schema = useMemo(() => referralSchema(today), [today]);
  const form = useForm<ReferralValues>({ defaultValues: initial, resolver: zodResolver(schema), mode: 'onSubmit', reValidateMode: 'onChange', shouldFocusError: true });
  const create = useCreatePatientReferral(patientId);
  const [others, setOthers] = useState<string[]>([]);
  const ids = (name: string) => `${formId}-${name}`;

  function send(values: ReferralValues) {
    setOthers([]);
    setSaving(true);
    create.mutate(referralInput(values), {
      onSuccess: (saved) => onSaved(saved),
      onError: (error) => {
        flushSync(() => setSaving(false));
        if (error instanceof ApiRequestError && error.status === 400 && Object.keys(error.fields).length > 0) {
          setOthers(showFieldErrors(form.setError, splitFieldErrors(error.fields, referralFieldOf)));
        } else {
          setOthers([REFERRER_TEXT.notSaved]);
        }
      },
    });
  }

  return (
    <Box component="form" id={formId} noValidate onSubmit={(e) => void form.handleSubmit(send)(e)}>
      <Stack spacing={2}>
        <FormErrors show={Object.keys(form.formState.errors).length > 0 || others.length > 0} others={others} />
        <ReferrerField form={form} id={ids('referrer')} />
        <FormSelect
          form={form}
          name="direction"
          id={ids('direction')}
          label={REFERRER_TEXT.direction}
          required
          choices={REFERRAL_DIRECTIONS.map((d) => ({ value: d, label: DIRECTION_LABELS[d] }))}
        />
        <FormTextField form={form} name="date" id={ids('date')} label={REFERRER_TEXT.date} type="date" required max={today} />
        <FormTextField form={form} name="reason" id={ids('reason')} label={REFERRER_TEXT.reason} required multiline maxLength={REFERRAL_REASON_MAX} />
        <FormSelect form={form} name="status" id={ids('status')} label={REFERRER_TEXT.status} required choices={REFERRAL_STATUSES.map((s) => ({ value: s, label: STATUS_LABELS[s] }))} />
      </Stack>
    </Box>
  );
}

/**
 * 'Add Referral' (issue 16): the referrer (searched as typed), the direction ('Referred to' /
 * 'Referred by'), the date (today; not in the future), the reason and the status. A 400's
 * fields show on their fields; closing with typed changes asks first (the form kit).
 */
export default function ReferralFormDialog({ open, onClose, patientId, onSaved }: { open: boolean; onClose: () => void; patientId: number; onSaved?: (saved: PatientReferral) => void }) {
  const formId = useId();
  const toast = useToast();
  const [saving, setSaving] = useState(false);
  const practiceToday = usePracticeToday();
  const [today] = useState(practiceToday);
  const initial = useValuesPerOpening(open, true, () => newReferralValues(today));
  return (
    <FormDialog open={open} onClose={onClose} title={REFERRER_TEXT.addReferral} formId={formId} saving={saving} ready={initial !== null}>
      {initial && (
        <Body
          patientId={patientId}
          initial={initial}
          formId={formId}
          today={today}
          setSaving={setSaving}
          onSaved={(saved) => {
            setSaving(false);
            toast(REFERRER_TEXT.saved, 'success');
            onClose();
            onSaved?.(saved);
          }}
        />
      )}
    </FormDialog>
  );
}
