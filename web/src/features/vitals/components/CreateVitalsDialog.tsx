import CloseIcon from '@mui/icons-material/Close';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Grid from '@mui/material/Grid';
import IconButton from '@mui/material/IconButton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { useId, useState, type ReactNode } from 'react';
import { Controller, useForm, type Control, type FieldErrors, type Resolver } from 'react-hook-form';
import { ApiRequestError } from '@/api/errors';
import { MESSAGES, VITALS_TEXT } from '@/lib/messages';
import { useCreateVitals } from '../api/create-vitals';
import {
  DECIMALS,
  checkVitals,
  formFieldOf,
  headCircumferenceOffered,
  newVitalsValues,
  numericInput,
  toVitalsInput,
  type Vitals,
  type VitalsFieldName,
  type VitalsFormValues,
} from '../lib/vitals';

/** The patient the measurement is for: what the form needs to know. */
export interface VitalsPatient {
  patientId: number;
  birthdate?: string | null;
}

function resolverFor(headCircumference: boolean): Resolver<VitalsFormValues> {
  return async (values) => {
    const { errors } = checkVitals(values, { headCircumference, now: new Date() });
    const entries = Object.entries(errors);
    if (entries.length === 0) return { values, errors: {} };
    return { values: {}, errors: Object.fromEntries(entries.map(([name, message]) => [name, { type: 'validate', message }])) as FieldErrors<VitalsFormValues> };
  };
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

function Field({ control, name, onEdit, type, max }: { control: Control<VitalsFormValues>; name: VitalsFieldName; onEdit: () => void; type?: 'date' | 'time'; max?: string }) {
  const decimals = name in DECIMALS ? DECIMALS[name as keyof typeof DECIMALS] : 0;
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <TextField
          id={`vitals-${name}`}
          label={LABELS[name]}
          type={type ?? 'text'}
          required={type !== undefined}
          value={field.value}
          onChange={(event) => {
            field.onChange(type ? event.target.value : numericInput(event.target.value, decimals));
            onEdit();
          }}
          onBlur={field.onBlur}
          inputRef={field.ref}
          error={!!fieldState.error}
          helperText={fieldState.error?.message}
          autoComplete="off"
          slotProps={{
            htmlInput: type ? { max } : { inputMode: decimals > 0 ? 'decimal' : 'numeric' },
            inputLabel: type ? { shrink: true } : {},
          }}
        />
      )}
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
  const form = useForm<VitalsFormValues>({ defaultValues: newVitalsValues(new Date()), resolver: resolverFor(headCircumference), mode: 'onSubmit', reValidateMode: 'onChange' });
  const create = useCreateVitals();
  const [empty, setEmpty] = useState(false);
  const [otherErrors, setOtherErrors] = useState<string[]>([]);
  const { control, handleSubmit, formState, setError } = form;
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
      const others: string[] = [];
      let first = true;
      for (const [name, message] of Object.entries(error.fields)) {
        const field = formFieldOf(name);
        if (field) {
          setError(field, { type: 'server', message }, { shouldFocus: first });
          first = false;
        } else others.push(message);
      }
      setOtherErrors(others);
      return;
    }
    setOtherErrors([error instanceof ApiRequestError && error.message ? error.message : VITALS_TEXT.notSaved]);
  }

  function save(values: VitalsFormValues) {
    setOtherErrors([]);
    // Nothing but the date and time: 'Empty Vitals', nothing is sent.
    if (checkVitals(values, { headCircumference, now: new Date() }).empty) {
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

  const hasErrors = Object.keys(formState.errors).length > 0 || otherErrors.length > 0;
  const common = { control, onEdit: edited };
  const half = { xs: 6 } as const;
  return (
    <Box component="form" id={formId} noValidate onSubmit={handleSubmit(save)} sx={{ display: 'flex', flexDirection: 'column', gap: 2.5 }}>
      {empty && (
        <Alert severity="error" role="alert" data-testid="empty-vitals">
          <AlertTitle>{MESSAGES.emptyVitalsTitle}</AlertTitle>
          {MESSAGES.emptyVitals}
        </Alert>
      )}
      {hasErrors && (
        <Alert severity="error" role="alert" data-testid="form-errors">
          {MESSAGES.errorsFound}
          {otherErrors.length > 0 && (
            <Box component="ul" sx={{ m: 0, pl: 2 }}>
              {otherErrors.map((e) => (
                <li key={e}>{e}</li>
              ))}
            </Box>
          )}
        </Alert>
      )}
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
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const titleId = useId();
  const formId = useId();
  const [saving, setSaving] = useState(false);
  return (
    <Dialog open={open} onClose={saving ? undefined : onClose} fullScreen={phone} fullWidth maxWidth="sm" aria-labelledby={titleId} scroll="paper">
      <DialogTitle sx={{ display: 'flex', alignItems: 'center', gap: 1, pr: 1 }}>
        <Box component="span" id={titleId} sx={{ flexGrow: 1 }}>
          {VITALS_TEXT.createTitle}
        </Box>
        <IconButton aria-label="Close" onClick={onClose} disabled={saving}>
          <CloseIcon />
        </IconButton>
      </DialogTitle>
      <DialogContent dividers>
        {open && <VitalsForm patient={patient} formId={formId} onSaved={onSaved} setSaving={setSaving} />}
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 1.5 }}>
        <Button onClick={onClose} disabled={saving}>
          Cancel
        </Button>
        <Button
          type="submit"
          form={formId}
          variant="contained"
          color="primary"
          disabled={saving}
          startIcon={saving ? <CircularProgress size={18} color="inherit" aria-hidden /> : undefined}
        >
          {saving ? 'Saving…' : 'Save'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
