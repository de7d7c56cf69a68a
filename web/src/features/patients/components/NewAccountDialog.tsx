import { lazy } from 'react';
import { OnceOpened } from '@/components/form/once-opened';

// The form (react-hook-form, the country list) loads when first opened, not with the page.
const NewPatientDialog = lazy(() => import('./NewPatientDialog'));

/**
 * 'Add Patient in New Account', for any screen's New Account button; with `accountId`,
 * 'Create Patient' of a new member of that account (patient home).
 */
export function NewAccountDialog({ open, onClose, title, accountId }: { open: boolean; onClose: () => void; title?: string; accountId?: number }) {
  return (
    <OnceOpened open={open}>
      <NewPatientDialog open={open} onClose={onClose} {...(title ? { title } : {})} accountId={accountId} />
    </OnceOpened>
  );
}
