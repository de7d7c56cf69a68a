import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { LoginForm } from '@/features/auth';
import { Logo } from '@/components/Logo';
import { MESSAGES } from '@/lib/messages';
import { abandonExpiredSession, useSession } from '@/lib/session';

/**
 * Shown after the inactivity logout instead of any page (nothing of the old session
 * stays on screen, and the address is '/'). A successful login starts the session again
 * at the user's Default View: the inactivity logout is a logout, which clears the last page.
 */
export default function ReloginScreen() {
  const session = useSession();
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  return (
    <Box component="main" sx={{ minHeight: '100dvh', bgcolor: 'background.default' }}>
      <Dialog open fullScreen={phone} aria-labelledby="relogin-title" maxWidth="xs" fullWidth>
        <DialogTitle id="relogin-title" sx={{ display: 'flex', alignItems: 'center', gap: 1.5 }}>
          <Logo size={32} />
          Login
        </DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <Alert severity="error" role="alert" data-testid="session-message">
              {session.message ?? MESSAGES.inactivity}
            </Alert>
            <LoginForm defaultUsername={session.lastUsername} offerSwitchUser />
            <Button variant="text" onClick={abandonExpiredSession} sx={{ alignSelf: 'center' }}>
              Go to the login screen
            </Button>
          </Stack>
        </DialogContent>
      </Dialog>
    </Box>
  );
}
