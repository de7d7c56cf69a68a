import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import { useId } from 'react';
import { overlapEntry, timeSpan, type ConflictInfo, type ConflictingAppointment, type ConflictKind } from '../lib/appointment-form';
import { SCHEDULE_TEXT } from '../lib/texts';

export type { ConflictKind };

const TITLES: Record<ConflictKind, string> = {
  overlap: SCHEDULE_TEXT.overlapTitle,
  blockOut: SCHEDULE_TEXT.transparencyTitle,
  confirm: SCHEDULE_TEXT.confirmTitle,
};
const TEXTS: Record<ConflictKind, string> = {
  overlap: SCHEDULE_TEXT.overlapText,
  blockOut: SCHEDULE_TEXT.transparencyText,
  confirm: SCHEDULE_TEXT.confirmText,
};

/** The appointments a booking overlaps, each named: patient, time range, type and status. */
function OverlapList({ appointments, zone }: { appointments: ConflictingAppointment[]; zone: string }) {
  return (
    <List dense aria-label="Overlapping appointments">
      {appointments.map((a) => {
        const entry = overlapEntry(a, zone);
        return (
          <ListItem key={a.appointmentId} disableGutters>
            <ListItemText primary={entry.patient} secondary={entry.details} slotProps={{ primary: { sx: { fontWeight: 600 } }, secondary: { sx: { color: 'text.primary' } } }} />
          </ListItem>
        );
      })}
    </List>
  );
}

/**
 * What a save came to when it could not simply book (spec part 2, 'Appointment save'):
 * 'Overlapping Appointments!' (Ok; the appointments in the way: patient, time, type, status),
 * 'Appointment and Transparency Overlap!' (Ok; the block-outs) or 'Confirm Appointment!' (Yes / No).
 */
export function ConflictDialog({
  kind,
  conflict,
  zone,
  busy,
  onOk,
  onYes,
  onNo,
}: {
  kind: ConflictKind | null;
  conflict: ConflictInfo | null;
  zone: string;
  busy?: boolean;
  onOk: () => void;
  onYes: () => void;
  onNo: () => void;
}) {
  const titleId = useId();
  const textId = useId();
  const open = kind !== null && conflict !== null;
  return (
    <Dialog open={open} onClose={kind === 'confirm' ? undefined : onOk} aria-labelledby={titleId} aria-describedby={textId} maxWidth="xs" fullWidth>
      {kind && conflict && (
        <>
          <DialogTitle id={titleId}>{TITLES[kind]}</DialogTitle>
          <DialogContent>
            <DialogContentText id={textId}>{TEXTS[kind]}</DialogContentText>
            {kind === 'overlap' && conflict.appointments.length > 0 && <OverlapList appointments={conflict.appointments} zone={zone} />}
            {kind !== 'overlap' && conflict.transparencies.length > 0 && (
              <List dense aria-label="Block-outs">
                {conflict.transparencies.map((t, i) => (
                  <ListItem key={i} disableGutters>
                    <ListItemText primary={t.blockName} secondary={timeSpan(t.start, t.end, zone)} />
                  </ListItem>
                ))}
              </List>
            )}
          </DialogContent>
          <DialogActions>
            {kind === 'confirm' ? (
              <>
                <Button onClick={onNo} disabled={busy}>
                  No
                </Button>
                <Button variant="contained" onClick={onYes} disabled={busy}>
                  Yes
                </Button>
              </>
            ) : (
              <Button variant="contained" onClick={onOk} autoFocus>
                Ok
              </Button>
            )}
          </DialogActions>
        </>
      )}
    </Dialog>
  );
}
