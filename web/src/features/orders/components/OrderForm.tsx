import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Grid from '@mui/material/Grid';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, type ComponentProps } from 'react';
import { Controller, useForm, type UseFormReturn } from 'react-hook-form';
import type { Order } from '@/api/orders/keys';
import type { Patient } from '@/api/patients/keys';
import { useReferenceList } from '@/api/references/get-reference-list';
import { useProviders } from '@/api/users/get-providers';
import { useUsers } from '@/api/users/get-users';
import { EditConflictAlert, FormErrors, FormSelect, FormTextField, SAVED_VALUE_COLOR, SavedValuesProvider, nowSavedText, useSavedValue, type ShownConflict } from '@/components/form';
import { ORDER_MAX_LENGTHS } from '@/lib/field-limits';
import { displayBirthdate } from '@/lib/dates';
import { listName, personName } from '@/lib/format';
import { useCurrentIncident } from '../api/get-current-incident';
import { useIncidents } from '../api/get-incidents';
import { useOrderStatuses } from '../api/get-order-statuses';
import { useOrderTypes } from '../api/get-order-types';
import { ORDER_FIELD_LABELS, orderFieldId, orderFormSchema, patientDefaults, type OrderFieldName, type OrderFormMode, type OrderFormValues } from '../lib/order-form';
import { isLongDescriptionLocked, typeField } from '../lib/order-rules';
import { NONE_INCIDENT } from '../lib/constants';
import { ORDER_TEXT } from '../lib/texts';

export function useOrderForm(defaultValues: OrderFormValues): UseFormReturn<OrderFormValues> {
  return useForm<OrderFormValues>({ defaultValues, resolver: zodResolver(orderFormSchema, undefined, { raw: true }), mode: 'onSubmit', reValidateMode: 'onChange', shouldFocusError: true });
}

interface Choice {
  value: string;
  label: string;
}

const fieldId = orderFieldId;

function SelectField(props: Omit<ComponentProps<typeof FormSelect<OrderFormValues>>, 'id'>) {
  return <FormSelect {...props} id={fieldId(props.name)} />;
}

function TextInput(props: Omit<ComponentProps<typeof FormTextField<OrderFormValues>>, 'id'>) {
  return <FormTextField {...props} id={fieldId(props.name)} />;
}

/** The order's patient: name and birth date, or 'No patient (blank order)'; a new order's patient can be changed. */
function PatientSummary({ patient, loading, canChange, onChange, error }: { patient: Patient | null; loading: boolean; canChange: boolean; onChange?: (() => void) | undefined; error?: string | undefined }) {
  const born = patient ? displayBirthdate(patient.birthdate, patient.age) : '';
  return (
    <Paper variant="outlined" component="section" aria-label="Patient" sx={{ p: 1.5, display: 'flex', alignItems: 'center', gap: 1.5, borderColor: error ? 'error.main' : undefined }}>
      <Box sx={{ flexGrow: 1, minWidth: 0 }}>
        <Typography variant="caption" color="textSecondary" component="p">
          Patient
        </Typography>
        <Typography component="p" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }} data-testid="order-form-patient">
          {patient ? listName(patient) : loading ? 'Loading…' : ORDER_TEXT.noPatient}
        </Typography>
        {born && (
          <Typography variant="body2" color="textSecondary" component="p">
            DOB {born}
          </Typography>
        )}
        {error && (
          <Typography variant="body2" color="error" component="p">
            {error}
          </Typography>
        )}
      </Box>
      {canChange && onChange && (
        <Button onClick={onChange} variant="outlined" sx={{ flexShrink: 0 }}>
          {patient ? 'Change' : 'Choose'}
        </Button>
      )}
    </Paper>
  );
}

/** Under 'Urgent Order' after a refused stale save: whether the order is now saved as urgent. */
function UrgentSavedNote({ id }: { id: string }) {
  const saved = useSavedValue('urgent');
  if (!saved) return null;
  return (
    <Typography id={id} variant="caption" component="p" sx={{ color: SAVED_VALUE_COLOR, fontWeight: 500, ml: 4 }} data-testid="saved-value">
      {nowSavedText(saved.saved ? 'Urgent' : 'Not urgent')}
    </Typography>
  );
}

/**
 * The order form (spec part 1, 'Order form fields'): Type, the short and long
 * descriptions, Provider, Status, Office, Incident, Assigned To, Due, 'Urgent Order' and
 * 'Order Notes'. The caller owns the form instance and submits it.
 */
export function OrderForm({
  form,
  mode,
  formId,
  order,
  patientId,
  patient,
  patientLoading,
  onChangePatient,
  onSubmit,
  otherErrors,
  disabled,
  conflict = null,
}: {
  form: UseFormReturn<OrderFormValues>;
  mode: OrderFormMode;
  formId: string;
  /** The order being edited. */
  order?: Order | undefined;
  patientId: number | null;
  patient: Patient | null;
  patientLoading: boolean;
  onChangePatient?: (() => void) | undefined;
  onSubmit: (values: OrderFormValues) => void;
  otherErrors: string[];
  disabled: boolean;
  /** Someone else saved the order meanwhile (409): their changes, shown at the top and under each field. */
  conflict?: ShownConflict | null;
}) {
  const { control, handleSubmit, formState, setValue } = form;
  const types = useOrderTypes().data ?? [];
  const statuses = useOrderStatuses().data ?? [];
  const users = useUsers().data ?? [];
  const providers = useProviders().data ?? [];
  const offices = useReferenceList('offices').data ?? [];
  const incidents = useIncidents(patientId);
  const currentIncident = useCurrentIncident(mode === 'create' ? patientId : null);

  // A new order follows its patient: provider, office and incident default from the chosen patient.
  const appliedFor = useRef<number | null | undefined>(mode === 'create' ? patientId : undefined);
  useEffect(() => {
    if (mode !== 'create' || appliedFor.current === patientId) return;
    if (patientId === null) {
      setValue('providerId', '');
      setValue('officeId', '');
      setValue('incidentId', String(NONE_INCIDENT));
      appliedFor.current = null;
      return;
    }
    if (!patient || patient.patientId !== patientId || currentIncident.isPending) return;
    const defaults = patientDefaults(patient);
    setValue('providerId', defaults.providerId);
    setValue('officeId', defaults.officeId);
    setValue('incidentId', currentIncident.data ? String(currentIncident.data) : String(NONE_INCIDENT));
    appliedFor.current = patientId;
  }, [mode, patientId, patient, currentIncident.isPending, currentIncident.data, setValue]);

  const type = typeField(types, mode === 'edit' ? order?.typeId : undefined);
  const longLocked = isLongDescriptionLocked(mode, order?.typeId);

  // Someone no longer listed (an inactive user) still shows on an order that names them.
  const userChoices: Choice[] = users.map((u) => ({ value: String(u.userId), label: personName(u) }));
  if (order && order.assignedToUserId > 1 && !userChoices.some((c) => c.value === String(order.assignedToUserId))) {
    userChoices.push({ value: String(order.assignedToUserId), label: order.assignedToName || `User ${order.assignedToUserId}` });
  }
  const providerChoices: Choice[] = providers.map((p) => ({ value: String(p.userId), label: personName(p) }));
  if (order?.providerId && order.providerId > 1 && !providerChoices.some((c) => c.value === String(order.providerId))) {
    providerChoices.push({ value: String(order.providerId), label: order.providerName || `Provider ${order.providerId}` });
  }
  // Incidents: 'None' (0) first; only 'None' without a patient (spec part 1, section 4).
  const incidentChoices: Choice[] = [
    { value: String(NONE_INCIDENT), label: ORDER_TEXT.none },
    ...(patientId ? (incidents.data ?? []).map((i) => ({ value: String(i.incidentId), label: i.incidentName })) : []),
  ];
  if (order?.incident && !incidentChoices.some((c) => c.value === String(order.incident?.incidentId))) {
    incidentChoices.push({ value: String(order.incident.incidentId), label: order.incident.incidentName });
  }

  const full = { xs: 12 } as const;
  const half = { xs: 12, sm: 6 } as const;

  return (
    <SavedValuesProvider changed={conflict?.changed ?? []}>
      <Box component="form" id={formId} noValidate onSubmit={handleSubmit(onSubmit)} aria-busy={disabled} sx={{ display: 'flex', flexDirection: 'column', gap: 2.5 }}>
        {conflict && (
          <EditConflictAlert
            key={conflict.round}
            message={conflict.message}
            fields={conflict.changed.map((c) => ({ label: ORDER_FIELD_LABELS[c.path as OrderFieldName] ?? c.path, inputId: orderFieldId(c.path as OrderFieldName) }))}
          />
        )}
        <FormErrors show={Object.keys(formState.errors).length > 0} others={otherErrors} />
        <PatientSummary patient={patient} loading={patientLoading} canChange={mode === 'create'} onChange={onChangePatient} />
        <Box component="fieldset" disabled={disabled} sx={{ border: 0, p: 0, m: 0, minWidth: 0 }}>
          <Box component="legend" sx={{ position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)' }}>
            Order
          </Box>
          <Grid container spacing={2}>
            <Grid size={half}>
              <SelectField
                form={form}
                name="typeId"
                label="Type"
                required
                disabled={type.disabled}
                empty={type.disabled ? undefined : ORDER_TEXT.none}
                choices={type.choices.map((t) => ({ value: String(t.typeId), label: t.type }))}
                helperText={type.disabled ? 'The type of this order cannot be changed' : undefined}
              />
            </Grid>
            <Grid size={half}>
              <SelectField form={form} name="orderStatusId" label="Status" choices={statuses.map((s) => ({ value: String(s.orderStatusId), label: s.orderStatus }))} />
            </Grid>
            <Grid size={full}>
              <TextInput form={form} name="shortDescription" label="Short Description" required maxLength={ORDER_MAX_LENGTHS.shortDescription} />
            </Grid>
            <Grid size={full}>
              <TextInput
                form={form}
                name="longDescription"
                label="Long Description"
                multiline
                disabled={longLocked}
                maxLength={ORDER_MAX_LENGTHS.longDescription}
                helperText={longLocked ? `The long description of a ${order?.typeString || 'type 50'} order cannot be changed` : undefined}
              />
            </Grid>
            <Grid size={half}>
              <SelectField form={form} name="assignedToUserId" label="Assigned To" required empty={ORDER_TEXT.none} choices={userChoices} />
            </Grid>
            <Grid size={half}>
              <SelectField form={form} name="providerId" label="Provider" empty={ORDER_TEXT.none} choices={providerChoices} />
            </Grid>
            <Grid size={half}>
              <SelectField form={form} name="officeId" label="Office" empty={ORDER_TEXT.none} choices={offices.map((o) => ({ value: String(o.officeId), label: o.officeName }))} />
            </Grid>
            <Grid size={half}>
              <SelectField
                form={form}
                name="incidentId"
                label="Incident"
                choices={incidentChoices}
                helperText={patientId && incidents.isPending ? 'Loading the patient’s incidents…' : undefined}
              />
            </Grid>
            <Grid size={half}>
              <TextInput form={form} name="due" label="Due" type="date" />
            </Grid>
            <Grid size={half} sx={{ display: 'flex', flexDirection: 'column', justifyContent: 'center' }}>
              <Controller
                control={control}
                name="urgent"
                render={({ field }) => (
                  <FormControlLabel
                    control={
                      <Checkbox
                        id={fieldId('urgent')}
                        checked={field.value}
                        onChange={(event) => field.onChange(event.target.checked)}
                        slotProps={{ input: { ref: field.ref, 'aria-describedby': conflict?.changed.some((c) => c.path === 'urgent') ? `${formId}-urgent-saved` : undefined } as object }}
                      />
                    }
                    label={ORDER_TEXT.urgentOrder}
                  />
                )}
              />
              <UrgentSavedNote id={`${formId}-urgent-saved`} />
            </Grid>
            <Grid size={full}>
              <TextInput
                form={form}
                name="orderNote"
                label={ORDER_TEXT.orderNotes}
                multiline
                maxLength={ORDER_MAX_LENGTHS.orderNote}
                helperText={mode === 'edit' ? 'Added to the notes below; earlier notes stay as they are.' : undefined}
              />
            </Grid>
          </Grid>
        </Box>
      </Box>
    </SavedValuesProvider>
  );
}
