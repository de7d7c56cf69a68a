import Button from '@mui/material/Button';
import Snackbar from '@mui/material/Snackbar';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { useRegisterSW } from 'virtual:pwa-register/react';
import { openForms } from '@/components/form/discard-guard';
import { createUpdateGate, UPDATE_TEXT } from './update-gate';

/** How often an app left open asks whether a new version was released. */
const UPDATE_CHECK_MS = 60 * 60 * 1000;
/** How often, while a new version waits behind a form, the form's changes are read again. */
const FORM_CHECK_MS = 1000;

const gate = createUpdateGate(() => openForms.isDirty());
openForms.subscribe(() => gate.recheck());
let checking = false;

/**
 * Registers the service worker and offers a reload once a new version is waiting (issue 17):
 * a notice at the bottom, never while a form holds typed changes (see `update-gate`). Reload
 * lets the waiting worker take over and reloads the page; otherwise the new version starts
 * the next time the app starts (every tab closed).
 */
export function UpdatePrompt() {
  const {
    needRefresh: [needRefresh],
    updateServiceWorker,
  } = useRegisterSW({
    immediate: true,
    onRegisteredSW(_url, registration) {
      if (!registration || checking) return;
      checking = true;
      window.setInterval(() => void registration.update().catch(() => undefined), UPDATE_CHECK_MS);
    },
  });
  const shown = useSyncExternalStore(gate.subscribe, gate.shown);
  const [reloading, setReloading] = useState(false);

  useEffect(() => gate.setWaiting(needRefresh), [needRefresh]);
  // While a version waits, typing in (or undoing) a form is noticed within a second.
  useEffect(() => {
    if (!needRefresh) return undefined;
    const timer = window.setInterval(() => {
      if (gate.pending()) gate.recheck();
    }, FORM_CHECK_MS);
    return () => window.clearInterval(timer);
  }, [needRefresh]);

  return (
    <Snackbar
      open={shown}
      message={UPDATE_TEXT.ready}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
      slotProps={{ content: { role: 'status' } }}
      action={
        <>
          <Button
            color="primary"
            size="small"
            disabled={reloading}
            onClick={() => {
              setReloading(true);
              void updateServiceWorker(true);
            }}
          >
            {UPDATE_TEXT.reload}
          </Button>
          <Button color="inherit" size="small" onClick={() => gate.dismiss()}>
            {UPDATE_TEXT.later}
          </Button>
        </>
      }
    />
  );
}
