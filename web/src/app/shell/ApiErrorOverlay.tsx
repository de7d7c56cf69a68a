import CloseIcon from '@mui/icons-material/Close';
import ErrorOutline from '@mui/icons-material/ErrorOutlineOutlined';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';

import { dismissApiError, useApiErrors } from './api-error-store';

/** The full-screen API Error overlay: the server's message and a close control (spec part 1, section 2). */
export function ApiErrorOverlay() {
  const notice = useApiErrors()[0] ?? null;
  const onClose = dismissApiError;
  return (
    <Dialog
      fullScreen
      open={notice !== null}
      onClose={onClose}
      aria-labelledby="api-error-title"
      aria-describedby="api-error-message"
      // Above every other dialog (Loading Failed, the login spinner): it explains what just happened.
      sx={{ zIndex: (t) => t.zIndex.tooltip + 1 }}
    >
      <AppBar position="relative" color="secondary" elevation={0}>
        <Toolbar>
          <IconButton edge="start" color="inherit" onClick={onClose} aria-label="Close">
            <CloseIcon />
          </IconButton>
          <Typography id="api-error-title" variant="h6" component="h2" sx={{ ml: 1 }}>
            API Error
          </Typography>
        </Toolbar>
      </AppBar>
      <Box sx={{ p: 3, display: 'flex', justifyContent: 'center' }}>
        <Stack spacing={2} sx={{ maxWidth: 560, width: '100%', alignItems: 'flex-start' }}>
          <ErrorOutline color="error" sx={{ fontSize: 48 }} aria-hidden />
          <Typography id="api-error-message" variant="h6" component="p" data-testid="api-error-message">
            {notice?.message}
          </Typography>
          {notice && (
            <Typography color="textSecondary" variant="body2">
              Status {notice.status}
            </Typography>
          )}
          <Button variant="contained" color="primary" onClick={onClose}>
            Close
          </Button>
        </Stack>
      </Box>
    </Dialog>
  );
}
