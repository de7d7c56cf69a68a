import { zodResolver } from '@hookform/resolvers/zod';
import Stack from '@mui/material/Stack';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { ApiRequestError } from '@/api/errors';
import { useReferenceList } from '@/api/references/get-reference-list';
import { useProviders } from '@/api/users/get-providers';
import { FormDialog, FormErrors, FormSelect, showFieldErrors, splitFieldErrors } from '@/components/form';
import type { ProviderOfficeFee } from '../api/get-provider-office-fee';
import { useUpdateProviderOfficeFee } from '../api/update-provider-office-fee';
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
  const form = useForm<ProviderOfficeFeeValues>({
    defaultValues: providerOfficeFeeValues(current),
    resolver: zodResolver(providerOfficeFeeSchema),
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  const { handleSubmit, formState, setError } = form;
  const [others, setOthers] = useState<string[]>([]);

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
      { patientId, input: toProviderOfficeFeeInput(values) },
      {
        onSuccess: onSaved,
        onError: (error) => {
          if (error instanceof ApiRequestError && Object.keys(error.fields).length > 0) {
            setOthers(showFieldErrors(setError, splitFieldErrors(error.fields, (name) => (isProviderOfficeFeeField(name) ? name : null))));
          } else setOthers([error instanceof ApiRequestError && error.message ? error.message : NOT_SAVED]);
        },
      },
    );
  }

  return (
    <Stack component="form" id={formId} noValidate spacing={2.5} onSubmit={handleSubmit(submit)} sx={{ pt: 1 }}>
      <FormErrors show={Object.keys(formState.errors).length > 0} others={others} />
      {fields.map((f) => (
        <FormSelect key={f.key} form={form} name={f.key} id={`provider-${f.key}`} label={f.label} required={f.required} choices={f.choices} empty={f.required ? 'Choose a provider' : 'None'} />
      ))}
    </Stack>
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
