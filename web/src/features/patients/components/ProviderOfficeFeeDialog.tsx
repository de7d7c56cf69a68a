import { zodResolver } from '@hookform/resolvers/zod';
import Stack from '@mui/material/Stack';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { ApiRequestError } from '@/api/errors';
import { useReferenceList } from '@/api/references/get-reference-list';
import { useProviders } from '@/api/users/get-providers';
import { EditConflictAlert, FormDialog, FormErrors, FormSelect, SavedValuesProvider, showFieldErrors, splitFieldErrors, useEditConflict } from '@/components/form';
import type { ProviderOfficeFee } from '../api/get-provider-office-fee';
import { providerOfficeFeeConflict, useUpdateProviderOfficeFee } from '../api/update-provider-office-fee';
import {
  isProviderOfficeFeeField,
  providerOfficeFeeSchema,
  providerOfficeFeeValues,
  toProviderOfficeFeeInput,
  type ProviderOfficeFeeField,
  type ProviderOfficeFeeValues,
} from '../lib/provider-office-fee';
import { PATIENT_TEXT } from '../lib/texts';

const NOT_SAVED = 'The changes could not be saved. Please try again.';

function ProviderOfficeFeeForm({ formId, patientId, current, onSaved, save }: { formId: string; patientId: number; current: ProviderOfficeFee; onSaved: () => void; save: ReturnType<typeof useUpdateProviderOfficeFee> }) {
  const providers = useProviders().data ?? [];
  const offices = useReferenceList('offices').data ?? [];
  const feeSchedules = useReferenceList('feeSchedules').data ?? [];
  const opened = providerOfficeFeeValues(current);
  const form = useForm<ProviderOfficeFeeValues>({
    defaultValues: opened,
    resolver: zodResolver(providerOfficeFeeSchema),
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  const { handleSubmit, formState, setError } = form;
  const [others, setOthers] = useState<string[]>([]);
  const conflict = useEditConflict(opened, current.version);

  const providerChoices = providers.map((p) => ({ value: String(p.userId), label: `${p.firstName} ${p.lastName}` }));
  const fields: Array<{ key: ProviderOfficeFeeField; label: string; choices: Array<{ value: string; label: string }>; required?: boolean }> = [
    { key: 'accountProviderId', label: 'Account Provider', choices: providerChoices, required: true },
    { key: 'patientProviderId', label: 'Patient Provider', choices: providerChoices },
    { key: 'officeId', label: 'Office', choices: offices.map((o) => ({ value: String(o.officeId), label: o.officeName })) },
    { key: 'feeScheduleId', label: 'Fee Schedule', choices: feeSchedules.map((f) => ({ value: String(f.feeScheduleId), label: f.feeScheduleName })) },
  ];

  function submit(values: ProviderOfficeFeeValues) {
    setOthers([]);
    save.mutate(
      { patientId, input: toProviderOfficeFeeInput(values, conflict.version() ?? current.version) },
      {
        onSuccess: onSaved,
        onError: (error) => {
          const stale = providerOfficeFeeConflict(error, patientId);
          if (stale) {
            // Someone else saved the patient meanwhile: keep the user's choices, take their
            // other changes, show theirs, and save next on the version now stored.
            const changed = conflict.resolve(stale.message, { values: providerOfficeFeeValues(stale.current), version: stale.current.version }, form.getValues());
            for (const field of changed) if (field.taken) form.setValue(field.path as ProviderOfficeFeeField, String(field.saved ?? ''));
          } else if (error instanceof ApiRequestError && error.status === 400 && Object.keys(error.fields).length > 0) {
            setOthers(showFieldErrors(setError, splitFieldErrors(error.fields, (name) => (isProviderOfficeFeeField(name) ? name : null))));
          } else setOthers([error instanceof ApiRequestError && error.message && error.status !== 428 ? error.message : NOT_SAVED]);
        },
      },
    );
  }

  const shown = conflict.shown;
  return (
    <SavedValuesProvider changed={shown?.changed ?? []}>
      <Stack component="form" id={formId} noValidate spacing={2.5} onSubmit={handleSubmit(submit)} sx={{ pt: 1 }}>
        {shown && (
          <EditConflictAlert
            key={shown.round}
            message={shown.message}
            fields={shown.changed.map((c) => ({ label: fields.find((f) => f.key === c.path)?.label ?? c.path, inputId: `provider-${c.path}` }))}
          />
        )}
        <FormErrors show={Object.keys(formState.errors).length > 0} others={others} />
        {fields.map((f) => (
          <FormSelect key={f.key} form={form} name={f.key} id={`provider-${f.key}`} label={f.label} required={f.required} choices={f.choices} empty={f.required ? 'Choose a provider' : 'None'} />
        ))}
      </Stack>
    </SavedValuesProvider>
  );
}

/** 'Edit Provider, Office, Fee Schedule': the account provider is required; 0 clears the others. */
export function ProviderOfficeFeeDialog({ open, onClose, patientId, current }: { open: boolean; onClose: () => void; patientId: number; current: ProviderOfficeFee }) {
  const formId = useId();
  const save = useUpdateProviderOfficeFee();
  return (
    <FormDialog open={open} onClose={onClose} title={PATIENT_TEXT.editProviderTitle} formId={formId} saving={save.isPending}>
      <ProviderOfficeFeeForm formId={formId} patientId={patientId} current={current} onSaved={onClose} save={save} />
    </FormDialog>
  );
}
