import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import { useMemo, type ComponentProps, type ReactNode } from 'react';
import { Controller, useForm, useWatch, type FieldPath, type UseFormReturn } from 'react-hook-form';
import { useReferenceList } from '@/api/references/get-reference-list';
import { useProviders } from '@/api/users/get-providers';
import { EditConflictAlert, FormErrors, FormSelect, FormTextField, SavedValuesProvider, type ShownConflict } from '@/components/form';
import { PHONE_INPUT_MAX_LENGTH, PHONE_TYPES, SEX_TYPES } from '@/lib/constants';
import { PATIENT_MAX_LENGTHS } from '@/lib/field-limits';
import { formatPhoneInput } from '@/lib/phone';
import { COUNTRIES, US_STATES, isUnitedStates } from '@/lib/places';
import { PATIENT_FIELD_LABELS, emailRule, patientFieldId, patientFormSchema, phoneNumberRule, type PatientFormMode, type PatientFormValues } from '../lib/patient-form';
import { PlaceAutocomplete } from './PlaceAutocomplete';

type Name = FieldPath<PatientFormValues>;

export function usePatientForm(mode: PatientFormMode, defaultValues: PatientFormValues): UseFormReturn<PatientFormValues> {
  // Required fields and phone types are checked on submit; email and phone numbers also
  // on blur; after a submit every field is checked again as it is left.
  return useForm<PatientFormValues>({ defaultValues, resolver: zodResolver(patientFormSchema(mode)), mode: 'onSubmit', reValidateMode: 'onBlur', shouldFocusError: true });
}

const fieldId = (name: Name) => patientFieldId(name);

/** A text field of the patient form (id from its name). */
function TextInput(props: Omit<ComponentProps<typeof FormTextField<PatientFormValues>>, 'id'>) {
  return <FormTextField {...props} id={fieldId(props.name)} />;
}

/** A select of the patient form: a '' choice named `emptyLabel` ('None') unless `allowEmpty` is false. */
function SelectInput({ allowEmpty = true, emptyLabel = 'None', ...props }: Omit<ComponentProps<typeof FormSelect<PatientFormValues>>, 'id' | 'empty'> & { allowEmpty?: boolean; emptyLabel?: string }) {
  return <FormSelect {...props} id={fieldId(props.name)} empty={allowEmpty ? emptyLabel : undefined} />;
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, minWidth: 0 }}>
      <Typography component="legend" variant="subtitle1" sx={{ fontWeight: 600, mb: 1.5, color: 'secondary.main' }}>
        {title}
      </Typography>
      <Grid container spacing={2}>
        {children}
      </Grid>
    </Box>
  );
}

const half = { xs: 12, sm: 6 } as const;
const third = { xs: 12, sm: 4 } as const;

/**
 * The patient form (create and edit), every field of spec part 1, section 3 'Patient'
 * except the SSN (hidden). The caller owns the react-hook-form instance and submits it.
 */
export function PatientForm({
  form,
  mode,
  formId,
  onSubmit,
  otherErrors,
  conflict = null,
  joining,
}: {
  form: UseFormReturn<PatientFormValues>;
  mode: PatientFormMode;
  formId: string;
  onSubmit: (values: PatientFormValues) => void;
  /** Server field errors the form has no field for. */
  otherErrors: string[];
  /** Someone else saved the patient meanwhile (409): their changes, shown at the top and under each field. */
  conflict?: ShownConflict | null;
  /** A new member of an account: the holder's name ("Last, First"), said at the top. */
  joining?: string | undefined;
}) {
  const { control, handleSubmit, formState } = form;
  const marital = useReferenceList('maritalStatuses').data ?? [];
  const employment = useReferenceList('employmentStatuses').data ?? [];
  const languages = useReferenceList('languages').data ?? [];
  const relationships = useReferenceList('patientRelationships').data ?? [];
  const offices = useReferenceList('offices').data ?? [];
  const feeSchedules = useReferenceList('feeSchedules').data ?? [];
  const providers = useProviders().data ?? [];
  const country = useWatch({ control, name: 'country' });
  const stateOptions = useMemo(() => (isUnitedStates(country) ? US_STATES : []), [country]);

  const common = { form };
  const relationshipChoices = relationships.map((r) => ({ value: String(r.patientRelationshipId), label: r.patientRelationship }));
  const phoneTypeChoices = PHONE_TYPES.map((t) => ({ value: String(t.id), label: t.label }));

  return (
    <SavedValuesProvider changed={conflict?.changed ?? []}>
      <Box component="form" id={formId} noValidate onSubmit={handleSubmit(onSubmit)} sx={{ display: 'flex', flexDirection: 'column', gap: 3 }}>
        {conflict && (
          <EditConflictAlert
            key={conflict.round}
            message={conflict.message}
            fields={conflict.changed.map((c) => ({ label: PATIENT_FIELD_LABELS[c.path] ?? c.path, inputId: patientFieldId(c.path) }))}
          />
        )}
        {joining && (
          <Alert severity="info" data-testid="joins-account">
            Joins the account of {joining}, who will be the primary guarantor.
          </Alert>
        )}
        <FormErrors show={Object.keys(formState.errors).length > 0} others={otherErrors} />
        <Section title="Name">
          <Grid size={{ xs: 4, sm: 2 }}>
            <TextInput {...common} name="prefix" label="Prefix" maxLength={PATIENT_MAX_LENGTHS.prefix} autoComplete="honorific-prefix" />
          </Grid>
          <Grid size={{ xs: 8, sm: 5 }}>
            <TextInput {...common} name="firstName" label="First Name" required maxLength={PATIENT_MAX_LENGTHS.firstName} />
          </Grid>
          <Grid size={{ xs: 12, sm: 5 }}>
            <TextInput {...common} name="middle" label="Middle Name" maxLength={PATIENT_MAX_LENGTHS.middle} />
          </Grid>
          {/* On phones the last name has the row to itself: a double-barrelled one is cut beside the suffix. */}
          <Grid size={{ xs: 12, sm: 10 }}>
            <TextInput {...common} name="lastName" label="Last Name" required maxLength={PATIENT_MAX_LENGTHS.lastName} />
          </Grid>
          <Grid size={{ xs: 4, sm: 2 }}>
            <TextInput {...common} name="suffix" label="Suffix" maxLength={PATIENT_MAX_LENGTHS.suffix} />
          </Grid>
          <Grid size={half}>
            <TextInput {...common} name="maidenName" label="Maiden Name" maxLength={PATIENT_MAX_LENGTHS.maidenName} />
          </Grid>
          <Grid size={half}>
            <TextInput {...common} name="nickname" label="Nickname" maxLength={PATIENT_MAX_LENGTHS.nickname} />
          </Grid>
        </Section>

        <Section title="Personal">
          <Grid size={half}>
            <TextInput {...common} name="birthdate" label="Birth Date" type="date" max={new Date().toISOString().slice(0, 10)} />
          </Grid>
          <Grid size={half}>
            <SelectInput form={form} name="sex" label="Sex" allowEmpty={false} choices={SEX_TYPES.map((s) => ({ value: String(s.id), label: s.label }))} />
          </Grid>
          <Grid size={half}>
            <SelectInput form={form} name="maritalStatus" label="Marital Status" choices={marital.map((m) => ({ value: String(m.id), label: m.description }))} />
          </Grid>
          <Grid size={half}>
            <SelectInput form={form} name="employment" label="Employment" choices={employment.map((m) => ({ value: String(m.id), label: m.description }))} />
          </Grid>
          <Grid size={half}>
            <SelectInput form={form} name="preferredLanguageId" label="Preferred Language" choices={languages.map((l) => ({ value: String(l.languageId), label: l.language }))} />
          </Grid>
          <Grid size={half}>
            <SelectInput form={form} name="relationshipToPrimary" label="Relationship to Primary" choices={relationshipChoices} />
          </Grid>
          <Grid size={half}>
            <SelectInput form={form} name="relationshipToSecondary" label="Relationship to Secondary" choices={relationshipChoices} />
          </Grid>
        </Section>

        <Section title="Address">
          <Grid size={{ xs: 12, sm: 8 }}>
            <TextInput {...common} name="streetAddress" label="Street Address" maxLength={PATIENT_MAX_LENGTHS.streetAddress} autoComplete="off" />
          </Grid>
          <Grid size={{ xs: 12, sm: 4 }}>
            <TextInput {...common} name="suite" label="Suite" maxLength={PATIENT_MAX_LENGTHS.suite} />
          </Grid>
          <Grid size={third}>
            <TextInput {...common} name="city" label="City" maxLength={PATIENT_MAX_LENGTHS.city} />
          </Grid>
          <Grid size={third}>
            <Controller
              control={control}
              name="state"
              render={({ field, fieldState }) => (
                <PlaceAutocomplete
                  id="patient-state"
                  savedPath="state"
                  label="State"
                  value={field.value}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  inputRef={field.ref}
                  options={stateOptions}
                  maxLength={PATIENT_MAX_LENGTHS.state}
                  error={fieldState.error?.message}
                />
              )}
            />
          </Grid>
          <Grid size={third}>
            <TextInput {...common} name="zipCode" label="Zip Code" maxLength={PATIENT_MAX_LENGTHS.zipCode} inputMode="numeric" />
          </Grid>
          <Grid size={12}>
            <Controller
              control={control}
              name="country"
              render={({ field, fieldState }) => (
                <PlaceAutocomplete
                  id="patient-country"
                  savedPath="country"
                  label="Country"
                  value={field.value}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  inputRef={field.ref}
                  options={COUNTRIES}
                  maxLength={PATIENT_MAX_LENGTHS.country}
                  error={fieldState.error?.message}
                />
              )}
            />
          </Grid>
        </Section>

        <Section title="Contact">
          {(['phone1', 'phone2', 'phone3'] as const).map((phone, i) => (
            <Grid key={phone} size={12}>
              {/* The number and its type side by side while each column has room for the longest
                  type ('Mobile Phone' with the select's padding: 9rem), else one above the other. */}
              <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'repeat(auto-fit, minmax(9rem, 1fr))' }}>
                <TextInput
                  {...common}
                  name={`${phone}.number`}
                  label={`Phone ${i + 1}`}
                  type="tel"
                  inputMode="tel"
                  autoComplete="off"
                  maxLength={PHONE_INPUT_MAX_LENGTH}
                  parse={formatPhoneInput}
                  blurRule={phoneNumberRule}
                />
                <SelectInput form={form} name={`${phone}.type`} label={`Phone ${i + 1} Type`} choices={phoneTypeChoices} />
              </Box>
            </Grid>
          ))}
          <Grid size={12}>
            <TextInput {...common} name="email" label="Email" type="email" inputMode="email" autoComplete="off" maxLength={PATIENT_MAX_LENGTHS.email} blurRule={emailRule} />
          </Grid>
        </Section>

        {mode === 'create' && (
          <Section title="Provider & Office">
            <Grid size={half}>
              <SelectInput
                form={form}
                name="accountProviderId"
                label="Account Provider"
                required
                emptyLabel="Choose a provider"
                choices={providers.map((p) => ({ value: String(p.userId), label: `${p.firstName} ${p.lastName}` }))}
              />
            </Grid>
            <Grid size={half}>
              <SelectInput form={form} name="patientProviderId" label="Patient Provider" choices={providers.map((p) => ({ value: String(p.userId), label: `${p.firstName} ${p.lastName}` }))} />
            </Grid>
            <Grid size={half}>
              <SelectInput form={form} name="officeId" label="Office" choices={offices.map((o) => ({ value: String(o.officeId), label: o.officeName }))} />
            </Grid>
            <Grid size={half}>
              <SelectInput form={form} name="feeScheduleId" label="Fee Schedule" choices={feeSchedules.map((f) => ({ value: String(f.feeScheduleId), label: f.feeScheduleName }))} />
            </Grid>
          </Section>
        )}
      </Box>
    </SavedValuesProvider>
  );
}
