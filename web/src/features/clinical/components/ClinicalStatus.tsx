import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import type { ReactNode } from 'react';
import { usePageTitle } from '@/components/page-title';
import { CLINICAL_TEXT } from '../lib/texts';

// What the board and the section pages show alike while loading, after a failure, and without a patient.

/** 'No Patient was selected', titled 'No patient selected' (spec part 2, 'Clinical'). */
export function NoPatientSelected() {
  usePageTitle(CLINICAL_TEXT.noPatientSelectedTitle);
  return (
    <Alert severity="info" data-testid="no-patient-selected">
      {CLINICAL_TEXT.noPatientSelected}
    </Alert>
  );
}

export function Loading({ label = 'Loading' }: { label?: string }) {
  return (
    <Box role="status" sx={{ display: 'flex', justifyContent: 'center', py: 4 }}>
      <CircularProgress aria-label={label} />
    </Box>
  );
}

/** A load that failed, with Retry. */
export function Failed({ retry, children }: { retry: () => void; children: ReactNode }) {
  return (
    <Alert
      severity="error"
      role="alert"
      action={
        <Button color="inherit" onClick={retry} sx={{ minHeight: 44 }}>
          {CLINICAL_TEXT.retry}
        </Button>
      }
    >
      {children}
    </Alert>
  );
}
