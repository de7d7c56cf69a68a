import CloseIcon from '@mui/icons-material/Close';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Dialog from '@mui/material/Dialog';
import IconButton from '@mui/material/IconButton';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import type { PatientSearchResult } from '@/api/patients/keys';
import { PATIENT_SEARCH_TEXT } from '@/lib/messages';
import { PatientSearchField } from './PatientSearchField';
import { PatientSearchResults } from './PatientSearchResults';
import { usePatientSearchState } from './use-patient-search-state';

function SearchBody({ onSelect, children }: { onSelect: (patient: PatientSearchResult) => void; children?: ReactNode }) {
  const search = usePatientSearchState();
  return (
    <Box sx={{ p: 2, maxWidth: 720, width: '100%', mx: 'auto' }}>
      <PatientSearchField {...search.field} autoFocus id="patient-search-dialog" />
      {children}
      <Box sx={{ mt: 1 }}>
        <PatientSearchResults searched={search.searched} results={search.results} loading={search.loading} stale={search.stale} error={search.error} onSelect={onSelect} />
      </Box>
    </Box>
  );
}

/**
 * The full-screen 'Patient Search' dialog, reused wherever a patient must be chosen
 * (orders, appointments): it follows the search rules of the search page and calls
 * `onSelect` with the chosen patient. `children` go under the search field (extra actions).
 */
export function PatientSearchDialog({
  open,
  onClose,
  onSelect,
  children,
}: {
  open: boolean;
  onClose: () => void;
  onSelect: (patient: PatientSearchResult) => void;
  children?: ReactNode;
}) {
  return (
    <Dialog fullScreen open={open} onClose={onClose} aria-labelledby="patient-search-dialog-title">
      <AppBar position="sticky" color="primary" elevation={1}>
        <Toolbar>
          <IconButton edge="start" color="inherit" onClick={onClose} aria-label="Close">
            <CloseIcon />
          </IconButton>
          <Typography id="patient-search-dialog-title" variant="h6" component="h2" sx={{ ml: 1 }}>
            {PATIENT_SEARCH_TEXT.searchDialogTitle}
          </Typography>
        </Toolbar>
      </AppBar>
      {/* A fresh search each time the dialog opens. */}
      {open && <SearchBody onSelect={onSelect}>{children}</SearchBody>}
    </Dialog>
  );
}
