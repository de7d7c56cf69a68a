import CloseIcon from '@mui/icons-material/Close';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Dialog from '@mui/material/Dialog';
import IconButton from '@mui/material/IconButton';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { useEffect, useId, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { DirtyFormsProvider, DiscardChangesDialog, useCloseGuard } from '@/components/form/DiscardGuard';

/**
 * A full-screen dialog of the billing order (spec part 2: 'Full-screen dialogs for Diagnosis
 * search and Procedures'): its title and Close in an app bar, the content below. Closing it
 * (Close, Escape, the browser's Back) asks 'Discard changes?' first while `isDirty()` says
 * something typed would be lost (the form kit's close rules).
 */
export function FullScreenDialog({
  open,
  onClose,
  title,
  isDirty,
  children,
  testId,
}: {
  open: boolean;
  onClose: () => void;
  title: string;
  isDirty?: () => boolean;
  children: ReactNode;
  testId?: string;
}) {
  const titleId = useId();
  const guard = useCloseGuard({ open, saving: false, onClose });
  const latest = useRef(isDirty);
  useLayoutEffect(() => {
    latest.current = isDirty;
  });
  const [key] = useState(() => ({}));
  const { forms } = guard;
  useEffect(() => forms.add(key, () => latest.current?.() ?? false), [forms, key]);
  return (
    <>
      <Dialog fullScreen open={open} onClose={guard.requestClose} aria-labelledby={titleId} data-testid={testId}>
        <AppBar position="sticky" color="primary" elevation={1}>
          <Toolbar sx={{ gap: 1 }}>
            <IconButton edge="start" color="inherit" onClick={guard.requestClose} aria-label="Close">
              <CloseIcon />
            </IconButton>
            <Typography id={titleId} variant="h6" component="h2" sx={{ flexGrow: 1 }}>
              {title}
            </Typography>
          </Toolbar>
        </AppBar>
        <Box sx={{ p: 2, maxWidth: 720, width: '100%', minWidth: 0, boxSizing: 'border-box', mx: 'auto' }}>
          <DirtyFormsProvider value={guard.forms}>{children}</DirtyFormsProvider>
        </Box>
      </Dialog>
      <DiscardChangesDialog open={guard.confirming} onKeepEditing={guard.keepEditing} onDiscard={guard.discard} />
    </>
  );
}
