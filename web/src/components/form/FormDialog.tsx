import CloseIcon from '@mui/icons-material/Close';
import Alert from '@mui/material/Alert';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { useId, type ReactNode } from 'react';
import { MESSAGES } from '@/lib/messages';
import { DirtyFormsProvider, DiscardChangesDialog, useCloseGuard } from './DiscardGuard';

export interface FormDialogProps {
  open: boolean;
  onClose: () => void;
  title: string;
  /** The id of the `<form>` among the children: Save submits it. */
  formId: string;
  /** A save is under way: Save says 'Saving…' with a spinner, nothing closes the dialog. */
  saving: boolean;
  /** False while what the form starts from loads: a 'Loading the form' spinner, Save disabled. */
  ready?: boolean;
  /** Shown instead of the spinner when what the form starts from could not be loaded. */
  loadError?: string | false | undefined;
  maxWidth?: 'sm' | 'md';
  /**
   * Always full screen, as a page: the title, Close and Save in the app bar, Cancel below
   * the form (the appointment form). Otherwise a dialog, full screen on phones only.
   */
  page?: boolean;
  /** The submit button's words, idle and while saving: 'Save' and 'Saving…' unless given ('Apply'). */
  submitText?: { idle: string; busy: string };
  children: ReactNode;
}

const SAVE_TEXT = { idle: 'Save', busy: 'Saving…' } as const;

function SaveLabel({ saving, text }: { saving: boolean; text: { idle: string; busy: string } }) {
  return <>{saving ? text.busy : text.idle}</>;
}

const spinner = (saving: boolean) => (saving ? <CircularProgress size={18} color="inherit" aria-hidden /> : undefined);

/**
 * The frame of every form dialog: title and Close, the form (or its loading spinner or
 * load failure), Cancel and Save. Save submits the form named by `formId`; while saving,
 * neither Close, Cancel nor Escape closes the dialog. Closing a form with typed changes
 * (Close, Cancel, Escape, the backdrop, the browser's Back) asks 'Discard changes?' first;
 * a clean form closes at once (the forms inside report their changes, see `useDiscardGuard`).
 */
export function FormDialog({ open, onClose, title, formId, saving, ready = true, loadError, maxWidth = 'sm', page = false, submitText = SAVE_TEXT, children }: FormDialogProps) {
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const titleId = useId();
  const guard = useCloseGuard({ open, saving, onClose });
  const requestClose = guard.requestClose;
  const body = ready ? (
    <DirtyFormsProvider value={guard.forms}>{children}</DirtyFormsProvider>
  ) : loadError ? (
    <Box role="alert" sx={{ py: 4, textAlign: 'center', color: 'error.main' }}>
      {loadError}
    </Box>
  ) : (
    <Box role="status" sx={{ display: 'flex', justifyContent: 'center', py: 6 }}>
      <CircularProgress aria-label="Loading the form" />
    </Box>
  );
  const cancel = (
    <Button onClick={requestClose} disabled={saving}>
      Cancel
    </Button>
  );
  const discard = <DiscardChangesDialog open={guard.confirming} onKeepEditing={guard.keepEditing} onDiscard={guard.discard} />;

  if (page) {
    return (
      <>
        <Dialog fullScreen open={open} onClose={saving ? undefined : requestClose} aria-labelledby={titleId}>
          <AppBar position="sticky" color="primary" elevation={1}>
            <Toolbar sx={{ gap: 1 }}>
              <IconButton edge="start" color="inherit" onClick={requestClose} aria-label="Close" disabled={saving}>
                <CloseIcon />
              </IconButton>
              <Typography id={titleId} variant="h6" component="h2" sx={{ flexGrow: 1 }}>
                {title}
              </Typography>
              <Button type="submit" form={formId} color="inherit" variant="outlined" disabled={!ready || saving} startIcon={spinner(saving)}>
                <SaveLabel saving={saving} text={submitText} />
              </Button>
            </Toolbar>
          </AppBar>
          <Box sx={{ p: 2, maxWidth: 720, width: '100%', mx: 'auto' }}>
            {body}
            <Box sx={{ display: 'flex', justifyContent: 'flex-end', gap: 1, mt: 3 }}>{cancel}</Box>
          </Box>
        </Dialog>
        {discard}
      </>
    );
  }

  return (
    <>
      <Dialog open={open} onClose={saving ? undefined : requestClose} fullScreen={phone} fullWidth maxWidth={maxWidth} aria-labelledby={titleId} scroll="paper">
        <DialogTitle sx={{ display: 'flex', alignItems: 'center', gap: 1, pr: 1 }}>
          <Box component="span" id={titleId} sx={{ flexGrow: 1 }}>
            {title}
          </Box>
          <IconButton aria-label="Close" onClick={requestClose} disabled={saving}>
            <CloseIcon />
          </IconButton>
        </DialogTitle>
        <DialogContent dividers>{body}</DialogContent>
        <DialogActions sx={{ px: 3, py: 1.5 }}>
          {cancel}
          <Button type="submit" form={formId} variant="contained" color="primary" disabled={!ready || saving} startIcon={spinner(saving)}>
            <SaveLabel saving={saving} text={submitText} />
          </Button>
        </DialogActions>
      </Dialog>
      {discard}
    </>
  );
}

/**
 * 'Errors were found...' at the top of a form, shown while a field has an error or the
 * server named a problem the form has no field for (listed below it).
 */
export function FormErrors({ show, others = [] }: { show: boolean; others?: readonly string[] }) {
  if (!show && others.length === 0) return null;
  return (
    <Alert severity="error" role="alert" data-testid="form-errors">
      {MESSAGES.errorsFound}
      {others.length > 0 && (
        <Box component="ul" sx={{ m: 0, pl: 2 }}>
          {others.map((e) => (
            <li key={e}>{e}</li>
          ))}
        </Box>
      )}
    </Alert>
  );
}
