import { zodResolver } from '@hookform/resolvers/zod';
import PersonSearchOutlined from '@mui/icons-material/PersonSearchOutlined';
import Box from '@mui/material/Box';
import Grid from '@mui/material/Grid';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import { format, isValid, parseISO } from 'date-fns';
import { useEffect, useId, useMemo, useRef, useState, type ReactNode } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { ApiRequestError } from '@/api/errors';
import { usePatient } from '@/api/patients/get-patient';
import { usePreferences } from '@/api/preferences/get-preferences';
import { usePracticeTimeZone } from '@/api/scheduling/get-day-appointments';
import type { Appointment } from '@/api/scheduling/keys';
import { useProviders } from '@/api/users/get-providers';
import { EditConflictAlert, FormDialog, FormErrors, helpWithSavedValue, showFieldErrors, splitFieldErrors, useDiscardGuard, useEditConflict, useValuesPerOpening } from '@/components/form';
import { PatientSearchDialog } from '@/components/patient-search';
import { APPOINTMENT_LENGTH_MAX_CHARS } from '@/lib/field-limits';
import { listName, personName } from '@/lib/format';
import { useAppointmentStatuses, useAppointmentTypes, useResources } from '../api/get-options';
import { appointmentEditConflict, confirmAppointment, deleteAppointment, saveAppointment, useReloadSchedule, useStoreSavedAppointment } from '../api/save-appointment';
import {
  APPOINTMENT_FIELD_LABELS,
  appointmentFieldId,
  appointmentFieldOf,
  appointmentPayload,
  appointmentSchema,
  editAppointmentValues,
  newAppointmentValues,
  providerForResource,
  type AppointmentDraft,
  type AppointmentFieldName,
  type AppointmentFormValues,
  type ConflictInfo,
} from '../lib/appointment-form';
import { meaningfulId } from '../lib/schedule-rules';
import { ConflictDialog, type ConflictKind } from './ConflictDialog';
import { NONE_RESOURCE } from '../lib/constants';
import { SCHEDULE_TEXT } from '../lib/texts';

function Select({
  id,
  label,
  value,
  onChange,
  error,
  required,
  children,
  saved,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (v: string) => void;
  error?: string | undefined;
  required?: boolean;
  children: ReactNode;
  /** What someone else saved meanwhile, as shown (after a refused stale save). */
  saved?: string | undefined;
}) {
  return (
    <TextField
      select
      fullWidth
      id={id}
      label={label}
      required={required}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      error={!!error}
      helperText={helpWithSavedValue(error, saved)}
      slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
    >
      {children}
    </TextField>
  );
}

/** A datetime-local value ('2026-12-01T09:00', the practice's clock) as 'MM/dd/yyyy hh:mm a'. */
function wallClockText(value: string): string {
  const date = parseISO(value);
  return isValid(date) ? format(date, 'MM/dd/yyyy hh:mm a') : value;
}

function FormBody({
  initial,
  mode,
  appointmentId,
  version,
  formId,
  zone,
  setSaving,
  onSaved,
}: {
  initial: AppointmentFormValues;
  mode: 'create' | 'edit';
  appointmentId: number | null;
  /** The version of the appointment the form was opened with (edit). */
  version: number | null;
  formId: string;
  zone: string;
  setSaving: (saving: boolean) => void;
  onSaved: (appointment: Appointment) => void;
}) {
  const [resolver] = useState(() => zodResolver(appointmentSchema(zone)));
  const { control, handleSubmit, formState, setValue, getValues, setError } = useForm<AppointmentFormValues>({
    defaultValues: initial,
    resolver,
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    shouldFocusError: false,
  });
  // Its fields are its own (not the kit's), so it tells the dialog about typed changes itself.
  useDiscardGuard({ control, getValues, formState });
  const [others, setOthers] = useState<string[]>([]);
  const [searching, setSearching] = useState(false);
  const [conflict, setConflict] = useState<{ kind: ConflictKind; info: ConflictInfo } | null>(null);
  const [busy, setBusy] = useState(false);
  const resourceList = useResources().data;
  const resources = useMemo(() => resourceList ?? [], [resourceList]);
  const types = useAppointmentTypes().data ?? [];
  const statuses = useAppointmentStatuses().data ?? [];
  const providers = useProviders().data ?? [];
  const values = useWatch({ control }) as AppointmentFormValues;
  const patientId = values.patientId;
  const errors: Partial<Record<AppointmentFieldName, string>> = Object.fromEntries(Object.entries(formState.errors).map(([name, error]) => [name, error?.message]));
  const patient = usePatient(patientId);
  const reload = useReloadSchedule();
  const storeSaved = useStoreSavedAppointment();
  // A change saves on the version it was opened with; after a 409 edit_conflict, on the one now saved.
  const editConflict = useEditConflict(initial, version);
  const savedOf = (name: AppointmentFieldName, shown: (value: string) => string = (v) => v): string | undefined => {
    const field = editConflict.shown?.changed.find((c) => c.path === name);
    return field === undefined ? undefined : shown(String(field.saved ?? ''));
  };
  const named = (list: ReadonlyArray<{ id: number; name: string }>) => (value: string) => list.find((o) => String(o.id) === value)?.name ?? (value === '' || value === '0' ? SCHEDULE_TEXT.none : value);
  const patientProviderId = patient.data?.patientProvider?.userId ?? null;
  // After the first Save, every change is checked again.
  const check = { shouldValidate: formState.isSubmitted };
  const set = (patch: Partial<AppointmentFormValues>) => {
    for (const [name, value] of Object.entries(patch)) setValue(name as AppointmentFieldName, value as never, check);
  };

  // A new appointment's provider follows its resource, else its patient (once the patient is known).
  const appliedFor = useRef<number | null>(mode === 'create' ? null : initial.patientId);
  useEffect(() => {
    if (!patient.data || appliedFor.current === patient.data.patientId) return;
    appliedFor.current = patient.data.patientId;
    const provider = providerForResource(Number(getValues('resourceId')) || NONE_RESOURCE, resources, patientProviderId);
    if (provider !== null) setValue('providerId', String(provider));
  }, [patient.data, patientProviderId, resources, getValues, setValue]);

  function chooseResource(value: string) {
    const provider = providerForResource(Number(value) || NONE_RESOURCE, resources, patientProviderId);
    set({ resourceId: value, ...(provider !== null ? { providerId: String(provider) } : {}) });
  }

  function failed(error: unknown) {
    setSaving(false);
    const stale = appointmentId ? appointmentEditConflict(error, appointmentId) : null;
    if (stale) {
      // Someone else saved the appointment meanwhile: keep what the user typed, take their
      // other changes, show theirs; the next save is made on the version now saved.
      storeSaved(stale.current);
      const changed = editConflict.resolve(stale.message, { values: editAppointmentValues(stale.current, zone), version: stale.current.version }, getValues());
      for (const field of changed) if (field.taken) setValue(field.path as AppointmentFieldName, field.saved as never, check);
      setOthers([]);
      return;
    }
    if (error instanceof ApiRequestError && error.status === 400 && Object.keys(error.fields).length > 0) {
      setOthers(showFieldErrors(setError, splitFieldErrors(error.fields, appointmentFieldOf)));
      return;
    }
    // Logged by the client (spec: saving failures are only logged); the form keeps everything typed.
    setOthers([SCHEDULE_TEXT.notSaved]);
  }

  async function save(values: AppointmentFormValues) {
    setSaving(true);
    try {
      const result = await saveAppointment(appointmentId, appointmentPayload(values, zone, appointmentId ? editConflict.version() : null));
      setSaving(false);
      if (result.kind === 'saved') {
        await reload();
        onSaved(result.appointment);
      } else {
        void reload();
        setConflict({ kind: result.kind, info: result.conflict });
      }
    } catch (error) {
      failed(error);
    }
  }

  async function answerConfirm(yes: boolean) {
    const held = conflict?.info.confirmAppointmentId;
    if (!held) return setConflict(null);
    setBusy(true);
    try {
      if (yes) {
        const booked = await confirmAppointment(held);
        await reload();
        setConflict(null);
        onSaved(booked);
      } else {
        await deleteAppointment(held);
        void reload();
        setConflict(null);
      }
    } catch (error) {
      setConflict(null);
      // A hold lasts 10 minutes on the server: a later Yes answers 409.
      setOthers([error instanceof ApiRequestError && error.status === 409 ? SCHEDULE_TEXT.holdExpired : SCHEDULE_TEXT.notSaved]);
    } finally {
      setBusy(false);
    }
  }

  const patientName = patientId ? (patient.data ? `${listName(patient.data)} (${patient.data.displayId})` : 'Loading…') : '';
  const half = { xs: 12, sm: 6 } as const;

  return (
    <Box
      component="form"
      id={formId}
      noValidate
      onSubmit={(e) => {
        setOthers([]);
        void handleSubmit(save)(e);
      }}
      sx={{ display: 'flex', flexDirection: 'column', gap: 2.5 }}
    >
      {editConflict.shown && (
        <EditConflictAlert
          key={editConflict.shown.round}
          message={editConflict.shown.message}
          fields={editConflict.shown.changed.map((c) => ({ label: APPOINTMENT_FIELD_LABELS[c.path as AppointmentFieldName] ?? c.path, inputId: appointmentFieldId(c.path as AppointmentFieldName) }))}
        />
      )}
      <FormErrors show={Object.keys(formState.errors).length > 0} others={others} />
      <Grid container spacing={2}>
        <Grid size={{ xs: 12 }}>
          <TextField
            fullWidth
            id="appointment-patient"
            label="Patient"
            required
            // Read-only, so it wraps: a long name with its id would be cut in a one-line input.
            multiline
            value={patientName}
            error={!!errors.patientId}
            helperText={errors.patientId}
            slotProps={{
              htmlInput: { readOnly: true },
              inputLabel: { shrink: true },
              input: {
                endAdornment: (
                  <InputAdornment position="end">
                    <IconButton aria-label="Search for a patient" onClick={() => setSearching(true)} disabled={mode === 'edit'} edge="end">
                      <PersonSearchOutlined />
                    </IconButton>
                  </InputAdornment>
                ),
              },
            }}
          />
        </Grid>
        <Grid size={half}>
          <TextField
            fullWidth
            id="appointment-start"
            type="datetime-local"
            label="Appointment Date"
            required
            value={values.start}
            onChange={(e) => set({ start: e.target.value })}
            error={!!errors.start}
            helperText={helpWithSavedValue(errors.start, savedOf('start', wallClockText))}
            slotProps={{ inputLabel: { shrink: true }, htmlInput: { step: 300 } }}
          />
        </Grid>
        <Grid size={half}>
          <TextField
            fullWidth
            id="appointment-length"
            label="Duration (min)"
            required
            value={values.length}
            onChange={(e) => set({ length: e.target.value.replace(/\D/g, '').slice(0, APPOINTMENT_LENGTH_MAX_CHARS) })}
            error={!!errors.length}
            helperText={helpWithSavedValue(errors.length, savedOf('length'))}
            slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: APPOINTMENT_LENGTH_MAX_CHARS }, inputLabel: { shrink: true } }}
          />
        </Grid>
        <Grid size={half}>
          <Select id="appointment-resource" label="Resource" required value={values.resourceId} onChange={chooseResource} error={errors.resourceId} saved={savedOf('resourceId', named(resources.map((r) => ({ id: r.resourceId, name: r.name }))))}>
            {/* One 'None' (the spec's resource id 0): the form holds '' for it, as for every select. */}
            <option value="">{SCHEDULE_TEXT.none}</option>
            {resources.map((r) => (
              <option key={r.resourceId} value={String(r.resourceId)}>
                {r.name}
              </option>
            ))}
          </Select>
        </Grid>
        <Grid size={half}>
          <Select id="appointment-provider" label="Appointment Provider" value={values.providerId} onChange={(v) => set({ providerId: v })} error={errors.providerId} saved={savedOf('providerId', named(providers.map((p) => ({ id: p.userId, name: personName(p) }))))}>
            <option value="">{SCHEDULE_TEXT.none}</option>
            {providers.map((p) => (
              <option key={p.userId} value={String(p.userId)}>
                {personName(p)}
              </option>
            ))}
          </Select>
        </Grid>
        <Grid size={half}>
          <Select id="appointment-type" label="Appointment Type" required value={values.typeId} onChange={(v) => set({ typeId: v })} error={errors.typeId} saved={savedOf('typeId', named(types.map((t) => ({ id: t.appointmentTypeId, name: t.appointmentType }))))}>
            <option value="">{SCHEDULE_TEXT.none}</option>
            {types
              .filter((t) => meaningfulId(t.appointmentTypeId) !== null)
              .map((t) => (
                <option key={t.appointmentTypeId} value={String(t.appointmentTypeId)}>
                  {t.appointmentType}
                </option>
              ))}
          </Select>
        </Grid>
        <Grid size={half}>
          <Select id="appointment-status" label="Appointment Status" required value={values.statusId} onChange={(v) => set({ statusId: v })} error={errors.statusId} saved={savedOf('statusId', named(statuses.map((t) => ({ id: t.appointmentStatusId, name: t.appointmentStatus }))))}>
            <option value="">{SCHEDULE_TEXT.none}</option>
            {statuses
              .filter((s) => meaningfulId(s.appointmentStatusId) !== null)
              .map((s) => (
                <option key={s.appointmentStatusId} value={String(s.appointmentStatusId)}>
                  {s.appointmentStatus}
                </option>
              ))}
          </Select>
        </Grid>
        <Grid size={{ xs: 12 }}>
          <TextField
            fullWidth
            id="appointment-notes"
            label="Appointment Notes"
            multiline
            minRows={3}
            value={values.notes}
            onChange={(e) => set({ notes: e.target.value })}
            error={!!errors.notes}
            helperText={helpWithSavedValue(errors.notes, savedOf('notes'))}
            slotProps={{ htmlInput: { maxLength: 2000 } }}
          />
        </Grid>
      </Grid>
      <PatientSearchDialog
        open={searching}
        onClose={() => setSearching(false)}
        onSelect={(p) => {
          setSearching(false);
          set({ patientId: p.patientId });
        }}
      />
      <ConflictDialog
        kind={conflict?.kind ?? null}
        conflict={conflict?.info ?? null}
        zone={zone}
        busy={busy}
        onOk={() => setConflict(null)}
        onYes={() => void answerConfirm(true)}
        onNo={() => void answerConfirm(false)}
      />
    </Box>
  );
}

/**
 * The appointment form (spec part 2, 'Appointment form'), full screen: 'New Appointment'
 * from a draft, or 'Edit Appointment'. On a conflict the form stays open with its values
 * and the conflict's dialog explains; once booked, the day reloads and `onSaved` runs.
 */
export function AppointmentFormDialog({
  open,
  onClose,
  draft,
  appointment,
  onSaved,
}: {
  open: boolean;
  onClose: () => void;
  /** A new appointment's draft. */
  draft?: AppointmentDraft | null;
  /** The appointment being edited. */
  appointment?: Appointment | null;
  onSaved?: (appointment: Appointment) => void;
}) {
  const formId = useId();
  const zone = usePracticeTimeZone();
  const prefs = usePreferences();
  const [saving, setSaving] = useState(false);
  const resources = useResources();
  const types = useAppointmentTypes();
  const statuses = useAppointmentStatuses();
  useProviders();
  const mode = appointment ? 'edit' : 'create';
  const patient = usePatient(mode === 'create' ? (draft?.patientId ?? null) : null);
  const ready = !!resources.data && !!types.data && !!statuses.data && (mode === 'edit' || !draft?.patientId || patient.data !== undefined || patient.isError);
  const failed = resources.isError || types.isError || statuses.isError;
  // The values start once per opening.
  const initial = useValuesPerOpening(open, ready, () =>
    appointment
      ? editAppointmentValues(appointment, zone)
      : draft
        ? newAppointmentValues(
            draft,
            { resources: resources.data!, types: types.data!, statuses: statuses.data! },
            {
              zone,
              defaultStatus: prefs['scheduling.defaultAppointmentStatus'],
              defaultType: prefs['scheduling.defaultAppointmentType'],
              patientProviderId: patient.data?.patientProvider?.userId ?? null,
            },
          )
        : null,
  );
  return (
    <FormDialog
      page
      open={open}
      onClose={onClose}
      title={mode === 'edit' ? SCHEDULE_TEXT.editAppointment : SCHEDULE_TEXT.newAppointment}
      formId={formId}
      saving={saving}
      ready={initial !== null}
      loadError={failed && 'The appointment form could not be loaded. Please close it and try again.'}
    >
      {initial && (
        <FormBody
          initial={initial}
          mode={mode}
          appointmentId={appointment?.appointmentId ?? null}
          version={appointment?.version ?? null}
          formId={formId}
          zone={zone}
          setSaving={setSaving}
          onSaved={(saved) => {
            onSaved?.(saved);
            onClose();
          }}
        />
      )}
    </FormDialog>
  );
}
