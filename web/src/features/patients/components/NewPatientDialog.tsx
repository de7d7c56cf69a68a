import { useNavigate } from 'react-router';
import { PatientFormDialog } from './PatientFormDialog';
import { PATIENT_TEXT } from '../lib/texts';

/**
 * A new patient: in a new account, 'Add Patient in New Account' (dashboard, search); or,
 * with `accountId`, a new member of that account, 'Create Patient' (patient home's speed
 * dial; docs/decisions.md). On success the user goes to the new patient's home.
 */
export default function NewPatientDialog({
  open,
  onClose,
  title = PATIENT_TEXT.newAccountTitle,
  accountId,
}: {
  open: boolean;
  onClose: () => void;
  title?: string;
  accountId?: number | undefined;
}) {
  const navigate = useNavigate();
  return (
    <PatientFormDialog
      open={open}
      onClose={onClose}
      title={title}
      mode="create"
      accountId={accountId}
      onSaved={(patient) => {
        onClose();
        navigate(`/patients/${patient.patientId}/patient_home`);
      }}
    />
  );
}
