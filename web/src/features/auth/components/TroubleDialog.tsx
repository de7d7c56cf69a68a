import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import type { PublicHelp } from '@/api/help/use-public-help';
import { HelpContactsState } from '@/components/help/HelpContacts';

/** Help text behind 'Having trouble logging in?', then the practice's help (HelpDesk, Contact Us, We're Social) from GET /api/help. */
export function TroubleDialog({ open, onClose, help }: { open: boolean; onClose: () => void; help: PublicHelp }) {
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby="trouble-title">
      <DialogTitle id="trouble-title">Having trouble logging in?</DialogTitle>
      <DialogContent>
        <Typography gutterBottom>
          Use the same username and password as in the practice's desktop software. Passwords are case sensitive:
          check that Caps Lock is off.
        </Typography>
        <Typography gutterBottom>
          If the message says the server may not be running, check that this device is connected to the practice's
          network, then try again.
        </Typography>
        <Typography gutterBottom>
          After several failed attempts, logging in is paused for a short time; the message says when you can try
          again.
        </Typography>
        <Typography gutterBottom>
          The default administrator account cannot be used here. If you have forgotten your password, ask your
          practice administrator to reset it in the desktop software.
        </Typography>
        {open && (
          <Box sx={{ mt: 3 }}>
            <HelpContactsState help={help.help} error={help.error} onRetry={help.retry} level="h3" />
          </Box>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} autoFocus>
          Close
        </Button>
      </DialogActions>
    </Dialog>
  );
}
