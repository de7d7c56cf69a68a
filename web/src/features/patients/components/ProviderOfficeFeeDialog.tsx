import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { useEffect, useState } from 'react';
import { ApiRequestError } from '@/api/errors';
import { useReferenceList } from '@/api/references/get-reference-list';
import { useProviders } from '@/api/users/get-providers';
import { MESSAGES, PATIENT_TEXT } from '@/lib/messages';
import type { ProviderOfficeFee } from '../api/get-provider-office-fee';
import { useUpdateProviderOfficeFee } from '../api/update-provider-office-fee';

type Key = 'accountProviderId' | 'patientProviderId' | 'officeId' | 'feeScheduleId';
type Values = Record<Key, string>;

const fromCurrent = (c: ProviderOfficeFee): Values => ({
  accountProviderId: c.accountProvider ? String(c.accountProvider.userId) : '',
  patientProviderId: c.patientProvider ? String(c.patientProvider.userId) : '',
  officeId: c.patientOffice ? String(c.patientOffice.id) : '',
  feeScheduleId: c.feeSchedule ? String(c.feeSchedule.id) : '',
});

/** 'Edit Provider, Office, Fee Schedule': the account provider is required; 0 clears the others. */
export function ProviderOfficeFeeDialog({ open, onClose, patientId, current }: { open: boolean; onClose: () => void; patientId: number; current: ProviderOfficeFee }) {
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const providers = useProviders().data ?? [];
  const offices = useReferenceList('offices').data ?? [];
  const feeSchedules = useReferenceList('feeSchedules').data ?? [];
  const save = useUpdateProviderOfficeFee();
  const [values, setValues] = useState<Values>(() => fromCurrent(current));
  const [errors, setErrors] = useState<Partial<Record<Key, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);

  useEffect(() => {
    if (open) {
      setValues(fromCurrent(current));
      setErrors({});
      setFailure(null);
    }
  }, [open, current]);

  const providerChoices = providers.map((p) => ({ value: String(p.userId), label: `${p.firstName} ${p.lastName}` }));
  const fields: Array<{ key: Key; label: string; choices: Array<{ value: string; label: string }>; required?: boolean }> = [
    { key: 'accountProviderId', label: 'Account Provider', choices: providerChoices, required: true },
    { key: 'patientProviderId', label: 'Patient Provider', choices: providerChoices },
    { key: 'officeId', label: 'Office', choices: offices.map((o) => ({ value: String(o.officeId), label: o.officeName })) },
    { key: 'feeScheduleId', label: 'Fee Schedule', choices: feeSchedules.map((f) => ({ value: String(f.feeScheduleId), label: f.feeScheduleName })) },
  ];

  function submit(event: React.FormEvent) {
    event.preventDefault();
    if (values.accountProviderId === '') {
      setErrors({ accountProviderId: MESSAGES.requiredField });
      return;
    }
    setErrors({});
    setFailure(null);
    const id = (v: string) => (v === '' ? 0 : Number(v));
    save.mutate(
      {
        patientId,
        input: { accountProviderId: id(values.accountProviderId), patientProviderId: id(values.patientProviderId), officeId: id(values.officeId), feeScheduleId: id(values.feeScheduleId) },
      },
      {
        onSuccess: onClose,
        onError: (error) => {
          if (error instanceof ApiRequestError && Object.keys(error.fields).length > 0) setErrors(error.fields as Partial<Record<Key, string>>);
          else setFailure(error instanceof ApiRequestError && error.message ? error.message : 'The changes could not be saved. Please try again.');
        },
      },
    );
  }

  const hasErrors = Object.values(errors).some(Boolean) || failure !== null;
  return (
    <Dialog open={open} onClose={save.isPending ? undefined : onClose} fullScreen={phone} fullWidth maxWidth="sm" aria-labelledby="provider-dialog-title">
      <DialogTitle id="provider-dialog-title">{PATIENT_TEXT.editProviderTitle}</DialogTitle>
      <DialogContent dividers>
        <Stack component="form" id="provider-form" noValidate spacing={2.5} onSubmit={submit} sx={{ pt: 1 }}>
          {hasErrors && (
            <Alert severity="error" role="alert">
              {MESSAGES.errorsFound}
              {failure ? ` ${failure}` : ''}
            </Alert>
          )}
          {fields.map((f) => (
            <TextField
              key={f.key}
              select
              id={`provider-${f.key}`}
              label={f.label}
              required={f.required}
              value={values[f.key]}
              onChange={(e) => {
                setValues((v) => ({ ...v, [f.key]: e.target.value }));
                setErrors((er) => ({ ...er, [f.key]: undefined }));
              }}
              error={!!errors[f.key]}
              helperText={errors[f.key]}
              slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
            >
              <option value="">{f.required ? 'Choose a provider' : 'None'}</option>
              {f.choices.map((c) => (
                <option key={c.value} value={c.value}>
                  {c.label}
                </option>
              ))}
            </TextField>
          ))}
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 1.5 }}>
        <Button onClick={onClose} disabled={save.isPending}>
          Cancel
        </Button>
        <Button type="submit" form="provider-form" variant="contained" color="primary" disabled={save.isPending}>
          {save.isPending ? 'Saving…' : 'Save'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
