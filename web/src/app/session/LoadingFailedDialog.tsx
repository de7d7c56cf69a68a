import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { MESSAGES } from '@/lib/messages';

/** Preload failure (spec part 1, section 2): Retry restarts the preload. */
export function LoadingFailedDialog({ onRetry, onLogout }: { onRetry: () => void; onLogout: () => void }) {
  return (
    <Dialog open aria-labelledby="loading-failed-title" aria-describedby="loading-failed-text">
      <DialogTitle id="loading-failed-title">Loading Failed</DialogTitle>
      <DialogContent>
        <DialogContentText id="loading-failed-text">{MESSAGES.loadingFailed}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onLogout}>Log Out</Button>
        <Button variant="contained" color="primary" onClick={onRetry} autoFocus>
          Retry
        </Button>
      </DialogActions>
    </Dialog>
  );
}
