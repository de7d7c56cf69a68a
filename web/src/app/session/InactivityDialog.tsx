import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import { INACTIVITY_COUNTDOWN_SECONDS } from '@/lib/constants';
import { plural } from '@/lib/format';

/** The 60-second warning before the inactivity logout. */
export function InactivityDialog({ secondsLeft, onStay }: { secondsLeft: number | null; onStay: () => void }) {
  const open = secondsLeft !== null;
  const seconds = secondsLeft ?? INACTIVITY_COUNTDOWN_SECONDS;
  return (
    <Dialog open={open} aria-labelledby="inactivity-title" aria-describedby="inactivity-text">
      <DialogTitle id="inactivity-title">Are you still there?</DialogTitle>
      <DialogContent>
        <DialogContentText id="inactivity-text">
          For the security of patient data you will be logged out in{' '}
          <strong data-testid="inactivity-seconds">{seconds}</strong> {plural(seconds, 'second')}.
        </DialogContentText>
        <LinearProgress
          variant="determinate"
          value={(seconds / INACTIVITY_COUNTDOWN_SECONDS) * 100}
          color="secondary"
          sx={{ mt: 2 }}
          aria-hidden
        />
      </DialogContent>
      <DialogActions>
        <Button variant="contained" color="primary" onClick={onStay} autoFocus>
          Stay Logged In
        </Button>
      </DialogActions>
    </Dialog>
  );
}
