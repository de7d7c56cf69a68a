import { useId, useRef, useState } from 'react';
import { ApiRequestError } from '@/api/errors';
import type { Patient } from '@/api/patients/keys';
import type { PatientSearchResult } from '@/api/patients/keys';
import { FormDialog, showFieldErrors, useEditConflict } from '@/components/form';
import { PossibleDuplicatesError, useCreatePatient } from '../api/create-patient';
import { usePatientDefaults } from '../api/get-patient-defaults';
import { patientEditConflict, useUpdatePatient } from '../api/update-patient';
import {
  formFromDefaults,
  formFromPatient,
  isFormField,
  patientFormPaths,
  splitServerErrors,
  toPatientInput,
  type PatientFormMode,
  type PatientFormValues,
} from '../lib/patient-form';
import { DuplicatesDialog } from './DuplicatesDialog';
import { PatientForm, usePatientForm } from './PatientForm';

const NOT_SAVED = 'The patient could not be saved. Please try again.';

function FormBody({
  mode,
  formId,
  initial,
  patientId,
  version,
  accountId,
  joining,
  onSaved,
  onOpenedOther,
  setSaving,
}: {
  mode: PatientFormMode;
  formId: string;
  initial: PatientFormValues;
  patientId?: number | undefined;
  /** The version of the patient the form was opened with (edit). */
  version?: number | undefined;
  /** Create: the account the new patient joins, and its holder's name ("Last, First"). */
  accountId?: number | undefined;
  joining?: string | undefined;
  onSaved: (patient: Patient) => void;
  onOpenedOther: () => void;
  setSaving: (saving: boolean) => void;
}) {
  const form = usePatientForm(mode, initial);
  const create = useCreatePatient();
  const update = useUpdatePatient();
  const [otherErrors, setOtherErrors] = useState<string[]>([]);
  const [duplicates, setDuplicates] = useState<{ message: string; list: PatientSearchResult[] } | null>(null);
  const lastValues = useRef<PatientFormValues | null>(null);
  const conflict = useEditConflict(initial, version ?? null);

  function failed(error: unknown) {
    setSaving(false);
    const stale = patientId ? patientEditConflict(error, patientId) : null;
    if (stale) {
      // Someone else saved the patient meanwhile: keep what the user typed, take their other
      // changes, show theirs, and save next on the version now stored.
      const changed = conflict.resolve(stale.message, { values: formFromPatient(stale.current), version: stale.current.version }, form.getValues(), patientFormPaths(mode));
      for (const field of changed) if (field.taken) form.setValue(field.path as keyof PatientFormValues, field.saved as never);
      setOtherErrors([]);
      return;
    }
    if (error instanceof PossibleDuplicatesError) {
      setDuplicates({ message: error.message, list: error.duplicates });
      return;
    }
    if (error instanceof ApiRequestError && error.status === 400 && Object.keys(error.fields).length > 0) {
      setOtherErrors(showFieldErrors(form.setError, splitServerErrors(error.fields, (name) => isFormField(name, mode))));
      return;
    }
    // Logged by the client; the form keeps what was typed so nothing is lost. (A 428, a change
    // without a version, is this app's fault: its message means nothing to the user.)
    setOtherErrors([error instanceof ApiRequestError && error.message && error.status !== 428 ? error.message : NOT_SAVED]);
  }

  function save(values: PatientFormValues, allowDuplicate = false) {
    lastValues.current = values;
    setOtherErrors([]);
    setSaving(true);
    if (mode === 'create') {
      create.mutate({ ...toPatientInput(values, 'create', null, undefined, accountId ?? null), allowDuplicate }, { onSuccess: (p) => onSaved(p), onError: failed });
    } else if (patientId) {
      update.mutate({ patientId, input: toPatientInput(values, 'edit', conflict.version(), conflict.opened()) }, { onSuccess: (p) => onSaved(p), onError: failed });
    }
  }

  return (
    <>
      <PatientForm form={form} mode={mode} formId={formId} onSubmit={(values) => save(values)} otherErrors={otherErrors} conflict={conflict.shown} joining={joining} />
      <DuplicatesDialog
        open={duplicates !== null}
        message={duplicates?.message ?? ''}
        duplicates={duplicates?.list ?? []}
        saving={create.isPending}
        onOpenPatient={() => {
          setDuplicates(null);
          onOpenedOther();
        }}
        onCancel={() => setDuplicates(null)}
        onCreateAnyway={() => {
          setDuplicates(null);
          if (lastValues.current) save(lastValues.current, true);
        }}
      />
    </>
  );
}

/**
 * The patient form in a dialog: 'Add Patient in New Account' / 'Create Patient' (mode
 * create; with `accountId`, a new member of that account) or 'Edit Patient' (mode edit,
 * with `patient`). Full screen on phones.
 */
export function PatientFormDialog({
  open,
  onClose,
  title,
  mode,
  patient,
  accountId,
  onSaved,
}: {
  open: boolean;
  onClose: () => void;
  title: string;
  mode: PatientFormMode;
  patient?: Patient | undefined;
  accountId?: number | undefined;
  onSaved: (patient: Patient) => void;
}) {
  const formId = useId();
  const [saving, setSaving] = useState(false);
  const defaults = usePatientDefaults(open && mode === 'create', accountId);
  const ready = mode === 'edit' ? !!patient : !defaults.isPending;
  const initial = mode === 'edit' && patient ? formFromPatient(patient) : formFromDefaults(defaults.data);

  return (
    <FormDialog open={open} onClose={onClose} title={title} formId={formId} saving={saving} maxWidth="md" ready={ready}>
      <FormBody
        mode={mode}
        formId={formId}
        initial={initial}
        patientId={patient?.patientId}
        version={patient?.version}
        accountId={accountId}
        joining={defaults.data?.account?.primaryGuarantor?.name}
        setSaving={setSaving}
        onOpenedOther={onClose}
        onSaved={(p) => {
          setSaving(false);
          onSaved(p);
        }}
      />
    </FormDialog>
  );
}
