import { lazy, Suspense, useEffect, useState } from 'react';

// The form (react-hook-form, the country list) loads when first opened, not with the page.
const NewPatientDialog = lazy(() => import('./NewPatientDialog'));

/** 'Add Patient in New Account', for any screen's New Account button. */
export function NewAccountDialog({ open, onClose, title }: { open: boolean; onClose: () => void; title?: string }) {
  const [wanted, setWanted] = useState(open);
  useEffect(() => {
    if (open) setWanted(true);
  }, [open]);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <NewPatientDialog open={open} onClose={onClose} {...(title ? { title } : {})} />
    </Suspense>
  );
}
