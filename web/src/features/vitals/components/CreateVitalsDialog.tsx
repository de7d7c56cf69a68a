import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import { useId, useState, type ReactNode } from 'react';
import { useForm, type UseFormReturn } from 'react-hook-form';
import { ApiRequestError } from '@/api/errors';
import { FormDialog, FormErrors, FormTextField, showFieldErrors, splitFieldErrors } from '@/components/form';
import { useCreateVitals } from '../api/create-vitals';
import {
  DECIMALS,
  formFieldOf,
  headCircumferenceOffered,
  newVitalsValues,
  numericInput,
  toVitalsInput,
  vitalsEmpty,
  vitalsSchema,
  type Vitals,
  type VitalsFieldName,
  type VitalsFormValues,
} from '../lib/vitals';
import { VITALS_TEXT } from '../lib/texts';

/** The patient the measurement is for: what the form needs to know. */
export interface VitalsPatient {
  patientId: number;
  birthdate?: string | null;
}

const LABELS: Record<VitalsFieldName, string> = {
  date: VITALS_TEXT.dateMeasured,
  time: VITALS_TEXT.timeMeasured,
  feet: 'Feet',
  inches: 'Inches',
  weight: 'Weight (lbs)',
  systolic: 'Systolic',
  diastolic: 'Diastolic',
  heartRate: 'Heart Rate',
  temperature: 'Temperature (°F)',
  sp02: 'SpO2 (%)',
  respiratoryRate: 'Respiratory Rate',
  headCircumference: 'Head Circumference (cm)',
};

function Field({ form, name, onEdit, type, max }: { form: UseFormReturn<VitalsFormValues>; name: VitalsFieldName; onEdit: () => void; type?: 'date' | 'time'; max?: string }) {
  const decimals = name in DECIMALS ? DECIMALS[name as keyof typeof DECIMALS] : 0;
  return (
    <FormTextField
      form={form}
      name={name}
      id={`vitals-${name}`}
      label={LABELS[name]}
      type={type ?? 'text'}
      required={type !== undefined}
      parse={type ? undefined : (text) => numericInput(text, decimals)}
      onEdited={onEdit}
      max={type ? max : undefined}
      inputMode={type ? undefined : decimals > 0 ? 'decimal' : 'numeric'}
    />
  );
}

function Group({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Grid size={12} component="fieldset" sx={{ border: 0, p: 0, m: 0, minWidth: 0 }}>
      <Typography component="legend" variant="subtitle2" sx={{ fontWeight: 600, mb: 1, color: 'secondary.main' }}>
        {title}
      </Typography>
      <Grid container spacing={2}>
        {children}
      </Grid>
    </Grid>
  );
}

function VitalsForm({ patient, formId, onSaved, setSaving }: { patient: VitalsPatient; formId: string; onSaved: (vitals: Vitals) => void; setSaving: (saving: boolean) => void }) {
  const [headCircumference] = useState(() => headCircumferenceOffered(patient.birthdate, new Date()));
  const [resolver] = useState(() => zodResolver(vitalsSchema({ headCircumference, now: () => new Date() })));
  const form = useForm<VitalsFormValues>({ defaultValues: newVitalsValues(new Date()), resolver, mode: 'onSubmit', reValidateMode: 'onChange' });
  const create = useCreateVitals();
  const [empty, setEmpty] = useState(false);
  const [otherErrors, setOtherErrors] = useState<string[]>([]);
  const { handleSubmit, formState, setError } = form;
  const today = new Date();
  const maxDate = `${today.getFullYear()}-${String(today.getMonth() + 1).padStart(2, '0')}-${String(today.getDate()).padStart(2, '0')}`;
  const edited = () => {
    if (empty) setEmpty(false);
  };

  function failed(error: unknown) {
    setSaving(false);
    if (error instanceof ApiRequestError && error.code === 'empty_vitals') {
      setEmpty(true);
      return;
    }
    if (error instanceof ApiRequestError && error.status === 400 && Object.keys(error.fields).length > 0) {
      setOtherErrors(showFieldErrors(setError, splitFieldErrors(error.fields, formFieldOf, (_name, message) => message)));
      return;
    }
    setOtherErrors([error instanceof ApiRequestError && error.message ? error.message : VITALS_TEXT.notSaved]);
  }

  function save(values: VitalsFormValues) {
    setOtherErrors([]);
    // Nothing but the date and time: 'Empty Vitals', nothing is sent.
    if (vitalsEmpty(values, headCircumference)) {
      setEmpty(true);
      return;
    }
    setEmpty(false);
    setSaving(true);
    create.mutate(
      { patientId: patient.patientId, input: toVitalsInput(values, { headCircumference }) },
      {
        onSuccess: (vitals) => {
          setSaving(false);
          onSaved(vitals);
        },
        onError: failed,
      },
    );
  }

  const common = { form, onEdit: edited };
  const half = { xs: 6 } as const;
  return (
    <Box component="form" id={formId} noValidate onSubmit={handleSubmit(save)} sx={{ display: 'flex', flexDirection: 'column', gap: 2.5 }}>
      {empty && (
        <Alert severity="error" role="alert" data-testid="empty-vitals">
          <AlertTitle>{VITALS_TEXT.emptyVitalsTitle}</AlertTitle>
          {VITALS_TEXT.emptyVitals}
        </Alert>
      )}
      <FormErrors show={Object.keys(formState.errors).length > 0} others={otherErrors} />
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, sm: 6 }}>
          <Field {...common} name="date" type="date" max={maxDate} />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <Field {...common} name="time" type="time" />
        </Grid>
        <Group title="Height">
          <Grid size={half}>
            <Field {...common} name="feet" />
          </Grid>
          <Grid size={half}>
            <Field {...common} name="inches" />
          </Grid>
        </Group>
        <Grid size={{ xs: 12, sm: 6 }}>
          <Field {...common} name="weight" />
        </Grid>
        <Group title="Blood Pressure (mmHg)">
          <Grid size={half}>
            <Field {...common} name="systolic" />
          </Grid>
          <Grid size={half}>
            <Field {...common} name="diastolic" />
          </Grid>
        </Group>
        <Grid size={half}>
          <Field {...common} name="heartRate" />
        </Grid>
        <Grid size={half}>
          <Field {...common} name="respiratoryRate" />
        </Grid>
        <Grid size={half}>
          <Field {...common} name="temperature" />
        </Grid>
        <Grid size={half}>
          <Field {...common} name="sp02" />
        </Grid>
        {headCircumference && (
          <Grid size={{ xs: 12, sm: 6 }}>
            <Field {...common} name="headCircumference" />
          </Grid>
        )}
      </Grid>
    </Box>
  );
}

/**
 * 'Create Vitals' (spec part 1, 'Vitals entry'): the date and time measured and the
 * measurements in the form's units; head circumference only when the birth date is
 * unknown or the patient is 3 or younger. Full screen on phones.
 */
export function CreateVitalsDialog({ open, onClose, patient, onSaved }: { open: boolean; onClose: () => void; patient: VitalsPatient; onSaved: (vitals: Vitals) => void }) {
  const formId = useId();
  const [saving, setSaving] = useState(false);
  return (
    <FormDialog open={open} onClose={onClose} title={VITALS_TEXT.createTitle} formId={formId} saving={saving}>
      {open && <VitalsForm patient={patient} formId={formId} onSaved={onSaved} setSaving={setSaving} />}
    </FormDialog>
  );
}
