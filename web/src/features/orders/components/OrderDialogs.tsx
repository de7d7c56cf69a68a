import { lazy } from 'react';
import type { Order } from '@/api/orders/keys';
import { OnceOpened } from '@/components/form/once-opened';

// The order form (react-hook-form, the chooser, the patient search) loads when first opened,
// not with the screen that offers it.
const NewOrderFlow = lazy(() => import('./NewOrderFlow').then((m) => ({ default: m.NewOrderFlow })));
const OrderFormDialog = lazy(() => import('./OrderFormDialog').then((m) => ({ default: m.OrderFormDialog })));

/**
 * 'New Order': with `patientId` (the patient home's speed dial) the form opens at once;
 * without it the 'Orders' chooser comes first.
 */
export function NewOrderDialog({ open, onClose, patientId }: { open: boolean; onClose: () => void; patientId?: number }) {
  return (
    <OnceOpened open={open}>
      <NewOrderFlow open={open} onClose={onClose} {...(patientId !== undefined ? { patientId } : {})} />
    </OnceOpened>
  );
}

/** 'Edit Order' for an order. */
export function EditOrderDialog({ open, onClose, order }: { open: boolean; onClose: () => void; order: Order }) {
  return (
    <OnceOpened open={open}>
      <OrderFormDialog open={open} onClose={onClose} mode="edit" order={order} />
    </OnceOpened>
  );
}
