import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import { useQueries } from '@tanstack/react-query';
import { useId } from 'react';
import { scheduleKeys } from '@/api/scheduling/keys';
import { formatIn } from '@/lib/time-zone';
import { getAppointment } from '../api/get-appointment';
import { needsLookup, overlapEntry, type ConflictInfo, type ConflictingAppointment, type ConflictKind } from '../lib/appointment-form';
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

const span = (start: string, end: string, zone: string) => `${formatIn(start, zone, 'hh:mm a')} – ${formatIn(end, zone, 'hh:mm a')}`;

/**
 * The appointments a booking overlaps, each named by patient, time range and status. The
 * 409 carries only their times (see `ConflictingAppointment`): what it leaves out is read
 * from each appointment (a handful at most, and on the schedule already).
 */
function OverlapList({ appointments, zone }: { appointments: ConflictingAppointment[]; zone: string }) {
  const found = useQueries({
    queries: appointments.map((a) => ({
      queryKey: scheduleKeys.appointment(a.appointmentId),
      queryFn: ({ signal }: { signal: AbortSignal }) => getAppointment(a.appointmentId, signal),
      enabled: needsLookup(a),
      staleTime: 30_000,
    })),
  });
  return (
    <List dense aria-label="Overlapping appointments">
      {appointments.map((a, i) => {
        const lookup = found[i];
        const entry = overlapEntry(a, lookup?.data, zone);
        const waiting = needsLookup(a) && lookup?.isPending;
        const details = [entry.patient ? entry.time : null, entry.status].filter(Boolean).join(' · ');
        return (
          <ListItem key={a.appointmentId ?? i} disableGutters data-testid="overlapping-appointment">
            <ListItemText
              primary={entry.patient ?? entry.time}
              secondary={details || (waiting ? 'Looking up the patient…' : null)}
              slotProps={{ primary: { sx: { fontWeight: 600 } }, secondary: { sx: { color: 'text.primary' } } }}
            />
          </ListItem>
        );
      })}
    </List>
  );
}

/**
 * What a save came to when it could not simply book (spec part 2, 'Appointment save'):
 * 'Overlapping Appointments!' (Ok; the overlapping appointments: patient, time, status), 'Appointment and
 * Transparency Overlap!' (Ok; the block-outs) or 'Confirm Appointment!' (Yes / No).
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
                    <ListItemText primary={t.blockName} secondary={span(t.start, t.end, zone)} />
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
