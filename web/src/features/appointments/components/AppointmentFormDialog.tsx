import CloseIcon from '@mui/icons-material/Close';
import PersonSearchOutlined from '@mui/icons-material/PersonSearchOutlined';
import Alert from '@mui/material/Alert';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import Grid from '@mui/material/Grid';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { ApiRequestError } from '@/api/errors';
import { usePatient } from '@/api/patients/get-patient';
import { usePreferences } from '@/api/preferences/get-preferences';
import { usePracticeTimeZone } from '@/api/scheduling/get-day-appointments';
import type { Appointment } from '@/api/scheduling/keys';
import { useProviders } from '@/api/users/get-providers';
import { PatientSearchDialog } from '@/components/patient-search';
import { APPOINTMENT_LENGTH_MAX_CHARS, NONE_RESOURCE } from '@/lib/constants';
import { listName, personName } from '@/lib/format';
import { MESSAGES, SCHEDULE_TEXT } from '@/lib/messages';
import { useAppointmentStatuses, useAppointmentTypes, useResources } from '../api/get-options';
import { confirmAppointment, deleteAppointment, saveAppointment, useReloadSchedule } from '../api/save-appointment';
import {
  appointmentPayload,
  editAppointmentValues,
  newAppointmentValues,
  providerForResource,
  validateAppointment,
  type AppointmentDraft,
  type AppointmentFieldName,
  type AppointmentFormValues,
  type ConflictInfo,
} from '../lib/appointment-form';
import { meaningfulId } from '../lib/schedule-rules';
import { ConflictDialog, type ConflictKind } from './ConflictDialog';

type Errors = Partial<Record<AppointmentFieldName, string>>;
const FIELDS: AppointmentFieldName[] = ['patientId', 'start', 'length', 'resourceId', 'providerId', 'typeId', 'statusId', 'notes'];

function Select({ id, label, value, onChange, error, required, children }: { id: string; label: string; value: string; onChange: (v: string) => void; error?: string | undefined; required?: boolean; children: ReactNode }) {
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
      helperText={error}
      slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
    >
      {children}
    </TextField>
  );
}

function FormBody({
  initial,
  mode,
  appointmentId,
  formId,
  zone,
  setSaving,
  onSaved,
}: {
  initial: AppointmentFormValues;
  mode: 'create' | 'edit';
  appointmentId: number | null;
  formId: string;
  zone: string;
  setSaving: (saving: boolean) => void;
  onSaved: (appointment: Appointment) => void;
}) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<Errors>({});
  const [others, setOthers] = useState<string[]>([]);
  const [submitted, setSubmitted] = useState(false);
  const [searching, setSearching] = useState(false);
  const [conflict, setConflict] = useState<{ kind: ConflictKind; info: ConflictInfo } | null>(null);
  const [busy, setBusy] = useState(false);
  const resources = useResources().data ?? [];
  const types = useAppointmentTypes().data ?? [];
  const statuses = useAppointmentStatuses().data ?? [];
  const providers = useProviders().data ?? [];
  const patient = usePatient(values.patientId);
  const reload = useReloadSchedule();
  const patientProviderId = patient.data?.patientProvider?.userId ?? null;

  const set = (patch: Partial<AppointmentFormValues>) => {
    setValues((v) => {
      const next = { ...v, ...patch };
      if (submitted) setErrors(validateAppointment(next, zone));
      return next;
    });
  };

  // A new appointment's provider follows its resource, else its patient (once the patient is known).
  const appliedFor = useRef<number | null>(mode === 'create' ? null : values.patientId);
  useEffect(() => {
    if (!patient.data || appliedFor.current === patient.data.patientId) return;
    appliedFor.current = patient.data.patientId;
    const provider = providerForResource(Number(values.resourceId) || NONE_RESOURCE, resources, patientProviderId);
    if (provider !== null) setValues((v) => ({ ...v, providerId: String(provider) }));
  }, [patient.data, patientProviderId, resources, values.resourceId]);

  function chooseResource(value: string) {
    const provider = providerForResource(Number(value) || NONE_RESOURCE, resources, patientProviderId);
    set({ resourceId: value, ...(provider !== null ? { providerId: String(provider) } : {}) });
  }

  function failed(error: unknown) {
    setSaving(false);
    if (error instanceof ApiRequestError && error.status === 400 && Object.keys(error.fields).length > 0) {
      const onFields: Errors = {};
      const rest: string[] = [];
      for (const [name, message] of Object.entries(error.fields)) {
        const field = name === 'end' ? 'length' : name;
        if ((FIELDS as string[]).includes(field)) onFields[field as AppointmentFieldName] = message;
        else rest.push(`${name}: ${message}`);
      }
      setErrors(onFields);
      setOthers(rest);
      return;
    }
    // Logged by the client (spec: saving failures are only logged); the form keeps everything typed.
    setOthers([SCHEDULE_TEXT.notSaved]);
  }

  async function submit() {
    setSubmitted(true);
    setOthers([]);
    const found = validateAppointment(values, zone);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setSaving(true);
    try {
      const result = await saveAppointment(appointmentId, appointmentPayload(values, zone));
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

  const hasErrors = Object.keys(errors).length > 0 || others.length > 0;
  const patientName = values.patientId ? (patient.data ? `${listName(patient.data)} (${patient.data.displayId})` : 'Loading…') : '';
  const half = { xs: 12, sm: 6 } as const;

  return (
    <Box
      component="form"
      id={formId}
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
      sx={{ display: 'flex', flexDirection: 'column', gap: 2.5 }}
    >
      {hasErrors && (
        <Alert severity="error" role="alert" data-testid="form-errors">
          {MESSAGES.errorsFound}
          {others.length > 0 && (
            <Box component="ul" sx={{ m: 0, pl: 2 }}>
              {others.map((e) => (
                <li key={e}>{e}</li>
              ))}
            </Box>
          )}
        </Alert>
      )}
      <Grid container spacing={2}>
        <Grid size={{ xs: 12 }}>
          <TextField
            fullWidth
            id="appointment-patient"
            label="Patient"
            required
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
            helperText={errors.start}
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
            helperText={errors.length}
            slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: APPOINTMENT_LENGTH_MAX_CHARS }, inputLabel: { shrink: true } }}
          />
        </Grid>
        <Grid size={half}>
          <Select id="appointment-resource" label="Resource" required value={values.resourceId} onChange={chooseResource} error={errors.resourceId}>
            <option value="">{''}</option>
            <option value={String(NONE_RESOURCE)}>{SCHEDULE_TEXT.none}</option>
            {resources.map((r) => (
              <option key={r.resourceId} value={String(r.resourceId)}>
                {r.name}
              </option>
            ))}
          </Select>
        </Grid>
        <Grid size={half}>
          <Select id="appointment-provider" label="Appointment Provider" value={values.providerId} onChange={(v) => set({ providerId: v })} error={errors.providerId}>
            <option value="">{SCHEDULE_TEXT.none}</option>
            {providers.map((p) => (
              <option key={p.userId} value={String(p.userId)}>
                {personName(p)}
              </option>
            ))}
          </Select>
        </Grid>
        <Grid size={half}>
          <Select id="appointment-type" label="Appointment Type" required value={values.typeId} onChange={(v) => set({ typeId: v })} error={errors.typeId}>
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
          <Select id="appointment-status" label="Appointment Status" required value={values.statusId} onChange={(v) => set({ statusId: v })} error={errors.statusId}>
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
            helperText={errors.notes}
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
  const titleId = useId();
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
  const initial = useRef<AppointmentFormValues | null>(null);
  const wasOpen = useRef(false);
  if (open && !wasOpen.current) initial.current = null;
  wasOpen.current = open;
  if (open && !initial.current && ready) {
    initial.current = appointment
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
        : null;
  }
  const title = mode === 'edit' ? SCHEDULE_TEXT.editAppointment : SCHEDULE_TEXT.newAppointment;
  return (
    <Dialog fullScreen open={open} onClose={saving ? undefined : onClose} aria-labelledby={titleId}>
      <AppBar position="sticky" color="primary" elevation={1}>
        <Toolbar sx={{ gap: 1 }}>
          <IconButton edge="start" color="inherit" onClick={onClose} aria-label="Close" disabled={saving}>
            <CloseIcon />
          </IconButton>
          <Typography id={titleId} variant="h6" component="h2" sx={{ flexGrow: 1 }}>
            {title}
          </Typography>
          <Button
            type="submit"
            form={formId}
            color="inherit"
            variant="outlined"
            disabled={!initial.current || saving}
            startIcon={saving ? <CircularProgress size={18} color="inherit" aria-hidden /> : undefined}
          >
            {saving ? 'Saving…' : 'Save'}
          </Button>
        </Toolbar>
      </AppBar>
      <Box sx={{ p: 2, maxWidth: 720, width: '100%', mx: 'auto' }}>
        {initial.current ? (
          <FormBody
            initial={initial.current}
            mode={mode}
            appointmentId={appointment?.appointmentId ?? null}
            formId={formId}
            zone={zone}
            setSaving={setSaving}
            onSaved={(saved) => {
              onSaved?.(saved);
              onClose();
            }}
          />
        ) : failed ? (
          <Box role="alert" sx={{ py: 4, textAlign: 'center', color: 'error.main' }}>
            The appointment form could not be loaded. Please close it and try again.
          </Box>
        ) : (
          <Box role="status" sx={{ display: 'flex', justifyContent: 'center', py: 6 }}>
            <CircularProgress aria-label="Loading the form" />
          </Box>
        )}
        <Box sx={{ display: 'flex', justifyContent: 'flex-end', gap: 1, mt: 3 }}>
          <Button onClick={onClose} disabled={saving}>
            Cancel
          </Button>
        </Box>
      </Box>
    </Dialog>
  );
}
