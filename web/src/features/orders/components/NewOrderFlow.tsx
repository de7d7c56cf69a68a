import AssignmentOutlined from '@mui/icons-material/AssignmentOutlined';
import Button from '@mui/material/Button';
import { useRef, useState } from 'react';
import type { Order } from '@/api/orders/keys';
import { PatientChooserDialog } from '@/components/patient-search';
import { useCurrentPatientId } from '@/lib/current-patient';
import { OrderFormDialog } from './OrderFormDialog';
import { ORDER_TEXT } from '../lib/texts';

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

  // Each opening starts with the form (a known patient) or the chooser; closing closes both.
  const [seen, setSeen] = useState<{ open: boolean; patientId: number | undefined } | null>(null);
  if (seen === null || seen.open !== open || seen.patientId !== patientId) {
    setSeen({ open, patientId });
    if (!open) {
      setChooserOpen(false);
      setFormOpen(false);
    } else if (patientId !== undefined) {
      setChosen(patientId);
      setFormOpen(true);
    } else {
      setChooserOpen(true);
    }
  }

  // A patient id, or null for a blank order: the form opens once the chooser has gone (see
  // PatientChooserDialog); when 'Change' opened the chooser over the form, the form is there.
  const formAfterChooser = useRef(false);
  const choose = (id: number | null) => {
    setChosen(id);
    setChooserOpen(false);
    formAfterChooser.current = true;
  };

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
        title={ORDER_TEXT.chooserTitle}
        question="Who is the new order for?"
        searchLabel={ORDER_TEXT.searchForPatient}
        currentPatientId={currentPatientId}
        onClose={() => {
          setChooserOpen(false);
          // Closing the chooser before any form was shown cancels the new order.
          if (!formOpen) onClose();
        }}
        onChoose={choose}
        onExited={() => {
          if (formAfterChooser.current && open) setFormOpen(true);
          formAfterChooser.current = false;
        }}
      >
        <Button variant="outlined" size="large" startIcon={<AssignmentOutlined />} onClick={() => choose(null)}>
          {ORDER_TEXT.createBlankOrder}
        </Button>
      </PatientChooserDialog>
    </>
  );
}
