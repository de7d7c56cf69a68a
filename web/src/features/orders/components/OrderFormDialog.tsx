import { useId, useState } from 'react';
import { ApiRequestError } from '@/api/errors';
import type { Order } from '@/api/orders/keys';
import { usePatient } from '@/api/patients/get-patient';
import { useReferenceList } from '@/api/references/get-reference-list';
import { useProviders } from '@/api/users/get-providers';
import { useUsers } from '@/api/users/get-users';
import { FormDialog, showFieldErrors, useEditConflict, useValuesPerOpening } from '@/components/form';
import { useToast } from '@/components/toast';
import { useSession } from '@/lib/session';
import { useCreateOrder } from '../api/create-order';
import { useCurrentIncident } from '../api/get-current-incident';
import { useIncidents } from '../api/get-incidents';
import { useOrderStatuses } from '../api/get-order-statuses';
import { useOrderTypes } from '../api/get-order-types';
import { orderEditConflict, useUpdateOrder } from '../api/update-order';
import { ORDER_FIELDS, editOrderValues, newOrderValues, patientDefaults, splitOrderErrors, toOrderInput, type OrderFormMode, type OrderFormValues } from '../lib/order-form';
import { OrderForm, useOrderForm } from './OrderForm';
import { ORDER_TEXT } from '../lib/texts';

function Body({
  mode,
  formId,
  initial,
  order,
  patientId,
  onChangePatient,
  onSaved,
  setSaving,
  saving,
}: {
  mode: OrderFormMode;
  formId: string;
  initial: OrderFormValues;
  order?: Order | undefined;
  patientId: number | null;
  onChangePatient?: (() => void) | undefined;
  onSaved: (order: Order) => void;
  setSaving: (saving: boolean) => void;
  saving: boolean;
}) {
  const form = useOrderForm(initial);
  const patient = usePatient(patientId);
  const create = useCreateOrder();
  const update = useUpdateOrder();
  const [otherErrors, setOtherErrors] = useState<string[]>([]);
  // An edit saves on the version of the order it was opened with; after a 409, on the one now saved.
  const conflict = useEditConflict(initial, order?.version ?? null);

  function failed(error: unknown) {
    setSaving(false);
    const stale = order ? orderEditConflict(error, order.ordersId) : null;
    if (stale) {
      // Someone else saved the order meanwhile: keep what the user typed, take their other
      // changes, show theirs (the note being written is the user's own, never compared).
      const fields = ORDER_FIELDS.filter((name) => name !== 'orderNote');
      const changed = conflict.resolve(stale.message, { values: editOrderValues(stale.current), version: stale.current.version }, form.getValues(), fields);
      for (const field of changed) if (field.taken) form.setValue(field.path as keyof OrderFormValues, field.saved as never);
      setOtherErrors([]);
      return;
    }
    if (error instanceof ApiRequestError && error.status === 400 && Object.keys(error.fields).length > 0) {
      setOtherErrors(showFieldErrors(form.setError, splitOrderErrors(error.fields)));
      return;
    }
    // Logged by the client; what was typed stays so nothing is lost.
    setOtherErrors([error instanceof ApiRequestError && error.message && error.status !== 428 ? error.message : ORDER_TEXT.notSaved]);
  }

  function save(values: OrderFormValues) {
    setOtherErrors([]);
    setSaving(true);
    const input = toOrderInput(values, mode, { patientId, storedTypeId: order?.typeId, version: conflict.version() });
    if (mode === 'create') create.mutate(input, { onSuccess: onSaved, onError: failed });
    else if (order) update.mutate({ ordersId: order.ordersId, input }, { onSuccess: onSaved, onError: failed });
  }

  return (
    <OrderForm
      form={form}
      mode={mode}
      formId={formId}
      order={order}
      patientId={patientId}
      patient={patientId ? (patient.data ?? null) : null}
      patientLoading={patientId !== null && patient.isPending}
      onChangePatient={onChangePatient}
      onSubmit={save}
      otherErrors={otherErrors}
      disabled={saving}
      conflict={conflict.shown}
    />
  );
}

/** Whether everything the form starts from has loaded ("load options", spec part 1, section 4). */
function useOptionsReady(mode: OrderFormMode, patientId: number | null, enabled: boolean) {
  const lists = [useOrderTypes(), useOrderStatuses(), useUsers(), useProviders(), useReferenceList('offices')];
  const forPatient = enabled && mode === 'create' ? patientId : null;
  const patient = usePatient(forPatient);
  const incidents = useIncidents(enabled ? patientId : null);
  const current = useCurrentIncident(forPatient);
  const failed = lists.some((q) => q.isError) || (forPatient !== null && (patient.isError || current.isError));
  const ready =
    lists.every((q) => q.data !== undefined) &&
    (patientId === null || incidents.data !== undefined || incidents.isError) &&
    (forPatient === null || ((patient.data !== undefined || patient.isError) && (current.data !== undefined || current.isError)));
  return { ready, failed, patient: patient.data, currentIncidentId: current.data ?? null };
}

/**
 * The order dialog: 'New Order' (create, for `patientId` or a blank order) or 'Edit
 * Order' (with `order`). Full screen on phones. Saving shows a spinner, then the toast
 * 'Your order was successfully saved!' and the dialog closes.
 */
export function OrderFormDialog({
  open,
  onClose,
  mode,
  order,
  patientId,
  onChangePatient,
  onSaved,
}: {
  open: boolean;
  onClose: () => void;
  mode: OrderFormMode;
  order?: Order | undefined;
  /** The new order's patient (null: a blank order). Ignored when editing. */
  patientId?: number | null;
  /** Opens the patient chooser again (new orders only). */
  onChangePatient?: () => void;
  onSaved?: (order: Order) => void;
}) {
  const formId = useId();
  const toast = useToast();
  const { user } = useSession();
  const [saving, setSaving] = useState(false);
  const effectivePatientId = mode === 'edit' ? (order?.patientId ?? null) : (patientId ?? null);
  const options = useOptionsReady(mode, effectivePatientId, open);
  // The form starts once per opening, from the first patient's defaults; a later change of patient only moves them.
  const initial = useValuesPerOpening(open, options.ready, () =>
    mode === 'edit' && order
      ? editOrderValues(order)
      : newOrderValues({ userId: user?.userId, patient: patientDefaults(options.patient), currentIncidentId: options.currentIncidentId }),
  );

  return (
    <FormDialog
      open={open}
      onClose={onClose}
      title={mode === 'edit' ? ORDER_TEXT.editOrder : ORDER_TEXT.newOrder}
      formId={formId}
      saving={saving}
      maxWidth="md"
      ready={initial !== null}
      loadError={options.failed && 'The order form could not be loaded. Please close it and try again.'}
    >
      {initial && (
        <Body
          mode={mode}
          formId={formId}
          initial={initial}
          order={order}
          patientId={effectivePatientId}
          onChangePatient={onChangePatient}
          saving={saving}
          setSaving={setSaving}
          onSaved={(saved) => {
            setSaving(false);
            toast(ORDER_TEXT.orderSaved, 'success');
            onSaved?.(saved);
            onClose();
          }}
        />
      )}
    </FormDialog>
  );
}
