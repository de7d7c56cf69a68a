import { lazy } from 'react';
import { OnceOpened } from '@/components/form/once-opened';

// The form (react-hook-form, the country list) loads when first opened, not with the page.
const NewPatientDialog = lazy(() => import('./NewPatientDialog'));

/** 'Add Patient in New Account', for any screen's New Account button. */
export function NewAccountDialog({ open, onClose, title }: { open: boolean; onClose: () => void; title?: string }) {
  return (
    <OnceOpened open={open}>
      <NewPatientDialog open={open} onClose={onClose} {...(title ? { title } : {})} />
    </OnceOpened>
  );
}
