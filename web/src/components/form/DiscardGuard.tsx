import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { createContext, useCallback, useContext, useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import { closeRequest, createDirtyForms, DISCARD_TEXT, hasTypedChanges, openForms, type DirtyForms } from './discard-guard';

const DirtyFormsContext = createContext<DirtyForms | null>(null);
export const DirtyFormsProvider = DirtyFormsContext.Provider;

/** What `useDiscardGuard` reads of a react-hook-form form (its `useForm()` answer fits). */
export interface GuardedForm {
  control: object;
  getValues: () => unknown;
  formState: { defaultValues?: unknown };
}

/**
 * Tells the form dialog around it whether this form holds typed changes (its values
 * against the ones it was opened with), so closing asks first. The kit's fields call it
 * for their form; a form built without them calls it once itself. A form outside any form
 * dialog tells the app's list of open forms directly (the update notice waits for it).
 */
export function useDiscardGuard(form: GuardedForm): void {
  const forms = useContext(DirtyFormsContext) ?? openForms;
  const latest = useRef(form);
  useLayoutEffect(() => {
    latest.current = form;
  });
  const { control } = form;
  useEffect(() => forms.add(control, () => hasTypedChanges(latest.current.getValues(), latest.current.formState.defaultValues)), [forms, control]);
}

/** The history entry a dialog adds while it is open, named by the dialog's own token. */
const MARK = 'pocketchartDialog';
const entryOf = (token: string) => ({ ...((window.history.state as Record<string, unknown> | null) ?? {}), [MARK]: token });
const onEntry = (token: string) => (window.history.state as Record<string, unknown> | null)?.[MARK] === token;

/**
 * While `open`, the browser's Back (a phone's back gesture) goes to the dialog rather than
 * to the page under it: the dialog adds a history entry of the same address when it opens;
 * Back leaves that entry and calls `onBack`, which answers whether the dialog stays open
 * (then the entry is put back, so Back can be pressed again). Closed any other way, the
 * dialog takes its entry off again (unless a navigation already replaced it); unmounted
 * with the page (a logout), it leaves the history to the navigation that unmounted it.
 * Form dialogs get it through `useCloseGuard`; other full-screen dialogs (a photo viewer) use it as is.
 */
export function useBackCloses(open: boolean, onBack: () => 'closed' | 'stays') {
  const token = useId();
  const latest = useRef(onBack);
  const state = useRef({ open, mounted: true });
  useLayoutEffect(() => {
    latest.current = onBack;
    state.current.open = open;
  });
  useEffect(() => {
    const now = state.current;
    now.mounted = true;
    return () => {
      now.mounted = false;
    };
  }, []);
  useEffect(() => {
    if (!open) return undefined;
    const now = state.current;
    if (!onEntry(token)) window.history.pushState(entryOf(token), '');
    const onPop = () => {
      if (onEntry(token)) return;
      if (latest.current() === 'stays') window.history.pushState(entryOf(token), '');
    };
    window.addEventListener('popstate', onPop);
    return () => {
      window.removeEventListener('popstate', onPop);
      // Decided once every effect of this commit has run: closed (not unmounted, not reopened
      // as React's development mode does) and still on our entry: go back off it.
      queueMicrotask(() => {
        if (now.mounted && !now.open && onEntry(token)) window.history.back();
      });
    };
  }, [open, token]);
}

/**
 * The close rules of a form dialog: Cancel, Close, Escape, the backdrop and the browser's
 * Back close a clean form at once, ask first ('Discard changes?') when something was typed,
 * and do nothing while saving. `forms` goes to the dialog's content (DirtyFormsProvider).
 */
export function useCloseGuard({ open, saving, onClose }: { open: boolean; saving: boolean; onClose: () => void }) {
  const [forms] = useState(createDirtyForms);
  const [confirming, setConfirming] = useState(false);
  // While open, the dialog's forms count among the app's open forms (the update notice waits for them).
  useEffect(() => (open ? openForms.add(forms, () => forms.isDirty()) : undefined), [open, forms]);
  // A new opening never starts with the question of the previous one.
  if (!open && confirming) setConfirming(false);

  const decide = useCallback((): 'closed' | 'stays' => {
    const action = closeRequest({ saving, dirty: forms.isDirty() });
    if (action === 'close') {
      onClose();
      return 'closed';
    }
    if (action === 'confirm') setConfirming(true);
    return 'stays';
  }, [forms, onClose, saving]);

  useBackCloses(open, decide);

  const requestClose = useCallback(() => {
    decide();
  }, [decide]);
  const keepEditing = useCallback(() => setConfirming(false), []);
  const discard = useCallback(() => {
    setConfirming(false);
    onClose();
  }, [onClose]);
  return { forms, requestClose, confirming, keepEditing, discard };
}

/** 'Discard changes?': Keep Editing (the safe choice, focused first) or Discard. */
export function DiscardChangesDialog({ open, onKeepEditing, onDiscard }: { open: boolean; onKeepEditing: () => void; onDiscard: () => void }) {
  const titleId = useId();
  const textId = useId();
  return (
    <Dialog open={open} onClose={onKeepEditing} role="alertdialog" aria-labelledby={titleId} aria-describedby={textId} maxWidth="xs" fullWidth>
      <DialogTitle id={titleId}>{DISCARD_TEXT.title}</DialogTitle>
      <DialogContent>
        <DialogContentText id={textId}>{DISCARD_TEXT.body}</DialogContentText>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2, gap: 1 }}>
        <Button onClick={onKeepEditing} autoFocus>
          {DISCARD_TEXT.keep}
        </Button>
        <Button onClick={onDiscard} variant="contained" color="error">
          {DISCARD_TEXT.discard}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
