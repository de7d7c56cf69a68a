import PersonAddAlt1 from '@mui/icons-material/PersonAddAlt1';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { PatientSearchResult } from '@/api/patients/keys';
import { prefetchPatient } from '@/api/patients/prefetch-patient';
import { PatientSearchField, PatientSearchResults, usePatientSearchState } from '@/components/patient-search';
import { PageContainer } from '@/components/PageContainer';
import { usePageTitle } from '@/components/page-title';
import { NewAccountDialog } from '../components/NewAccountDialog';
import { PATIENT_TEXT } from '../lib/texts';

/** Where a found patient opens (module-level: the results list is memoised on it). */
const patientHome = (p: PatientSearchResult) => `/patients/${p.patientId}/patient_home`;

/** /patients and /search: find a patient as you type; New Account opens 'Add Patient in New Account'. */
export default function PatientSearchPage({ title = 'Patients' }: { title?: string }) {
  usePageTitle(title);
  const search = usePatientSearchState();
  const [newAccountOpen, setNewAccountOpen] = useState(false);
  const queryClient = useQueryClient();
  return (
    <PageContainer>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ alignItems: { sm: 'center' } }}>
        <Box sx={{ flexGrow: 1 }}>
          <PatientSearchField {...search.field} autoFocus />
        </Box>
        <Button variant="contained" color="primary" startIcon={<PersonAddAlt1 />} onClick={() => setNewAccountOpen(true)} sx={{ flexShrink: 0, alignSelf: { xs: 'flex-end', sm: 'auto' } }}>
          {PATIENT_TEXT.newAccount}
        </Button>
      </Stack>
      <Box sx={{ mt: 1 }}>
        <PatientSearchResults searched={search.searched} results={search.results} loading={search.loading} stale={search.stale} error={search.error} linkTo={patientHome} onIntent={(p) => prefetchPatient(queryClient, p.patientId)} />
      </Box>
      <NewAccountDialog open={newAccountOpen} onClose={() => setNewAccountOpen(false)} />
    </PageContainer>
  );
}
