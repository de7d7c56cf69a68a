import { useEffect, useState } from 'react';
import type { Order } from '@/api/orders/keys';
import { useCurrentPatientId } from '@/lib/current-patient';
import { OrderFormDialog } from './OrderFormDialog';
import { PatientChooserDialog } from './PatientChooserDialog';

/**
 * A new order. Without `patientId` it starts with the 'Orders' chooser (current patient,
 * 'Search for Patient', 'Create Blank Order'); with one (the patient home's 'New Order')
 * it opens the form at once. The form's 'Change' reopens the chooser.
 */
export function NewOrderFlow({ open, onClose, patientId, onSaved }: { open: boolean; onClose: () => void; patientId?: number; onSaved?: (order: Order) => void }) {
  const currentPatientId = useCurrentPatientId();
  const [chooserOpen, setChooserOpen] = useState(false);
  const [formOpen, setFormOpen] = useState(false);
  const [chosen, setChosen] = useState<number | null>(null);

  useEffect(() => {
    if (!open) {
      setChooserOpen(false);
      setFormOpen(false);
      return;
    }
    if (patientId !== undefined) {
      setChosen(patientId);
      setFormOpen(true);
    } else {
      setChooserOpen(true);
    }
  }, [open, patientId]);

  return (
    <>
      <OrderFormDialog
        open={open && formOpen}
        mode="create"
        patientId={chosen}
        onChangePatient={() => setChooserOpen(true)}
        onClose={onClose}
        {...(onSaved ? { onSaved } : {})}
      />
      <PatientChooserDialog
        open={open && chooserOpen}
        currentPatientId={currentPatientId}
        onClose={() => {
          setChooserOpen(false);
          // Closing the chooser before any form was shown cancels the new order.
          if (!formOpen) onClose();
        }}
        onChoose={(id) => {
          setChosen(id);
          setChooserOpen(false);
          setFormOpen(true);
        }}
      />
    </>
  );
}
