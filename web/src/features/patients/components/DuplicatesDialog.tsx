import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import { Link as RouterLink } from 'react-router';
import type { PatientSearchResult } from '@/api/patients/keys';
import { displayBirthdate } from '@/lib/dates';
import { listName } from '@/lib/format';
import { PATIENT_TEXT } from '../lib/texts';

/**
 * The server found patients the new one may be (409): each opens that patient; 'Create
 * Anyway' saves the new one all the same; Cancel goes back to the form.
 */
export function DuplicatesDialog({
  open,
  message,
  duplicates,
  saving,
  onOpenPatient,
  onCreateAnyway,
  onCancel,
}: {
  open: boolean;
  message: string;
  duplicates: PatientSearchResult[];
  saving: boolean;
  onOpenPatient: () => void;
  onCreateAnyway: () => void;
  onCancel: () => void;
}) {
  return (
    <Dialog open={open} onClose={onCancel} aria-labelledby="duplicates-title" aria-describedby="duplicates-text" fullWidth maxWidth="sm">
      <DialogTitle id="duplicates-title">{PATIENT_TEXT.duplicatesTitle}</DialogTitle>
      <DialogContent>
        <DialogContentText id="duplicates-text">{message || 'This patient may already be on file.'}</DialogContentText>
        <List aria-label="Patients found" data-testid="duplicates">
          {duplicates.map((p) => (
            <li key={p.patientId}>
              <ListItemButton component={RouterLink} to={`/patients/${p.patientId}/patient_home`} onClick={onOpenPatient} divider>
                <ListItemText primary={listName(p)} secondary={[displayBirthdate(p.birthday, p.age) || 'DOB unknown', `ID ${p.displayId}`].join(' · ')} />
              </ListItemButton>
            </li>
          ))}
        </List>
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel}>Cancel</Button>
        <Button variant="contained" color="primary" onClick={onCreateAnyway} disabled={saving}>
          {PATIENT_TEXT.createAnyway}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
