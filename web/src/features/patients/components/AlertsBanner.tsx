import ReportOutlined from '@mui/icons-material/ReportOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { Link as RouterLink } from 'react-router';
import { useAccountAlerts } from '@/api/patients/get-account-alerts';
import { useAllergies } from '@/api/patients/get-allergies';
import { usePatientAlerts } from '@/api/patients/get-patient-alerts';
import { alertSummary } from '@/lib/alert-summary';
import { currentAllergies, severeAllergyLine } from '../lib/allergy-severity';

/** Shown on every patient page except addresses containing 'alerts' or 'search' (spec part 2, section 2). */
export function showsAlertsBanner(pathname: string): boolean {
  return !pathname.includes('alerts') && !pathname.includes('search');
}

/** The patient's alerts at a glance: '2 Patient, and 1 Allergy Alerts', linking to the Alerts page. */
export function AlertsBanner({ patientId }: { patientId: number }) {
  const patient = usePatientAlerts(patientId);
  const account = useAccountAlerts(patientId);
  const allergy = useAllergies(patientId);
  if (!patient.data || !account.data || !allergy.data) return null;
  const allergies = currentAllergies(allergy.data);
  const summary = alertSummary({ patient: patient.data.length, account: account.data.length, allergy: allergies.length });
  if (!summary) return null;
  // A current severe (or life-threatening) allergy turns the banner red and names the allergy,
  // with an icon and the word 'Severe', so it never looks like a mild one.
  const severe = severeAllergyLine(allergies);
  return (
    <Alert
      severity={severe ? 'error' : 'warning'}
      icon={severe ? <ReportOutlined /> : undefined}
      data-testid="alerts-banner"
      action={
        <Button component={RouterLink} to={`/patients/${patientId}/demographics/alerts`} color="inherit" size="small" sx={{ minHeight: 44 }}>
          View
        </Button>
      }
      sx={{ alignItems: 'center' }}
    >
      {summary}
      {severe && (
        <Box component="strong" data-testid="severe-allergies" sx={{ display: 'block', color: 'error.main', fontWeight: 700 }}>
          {severe}
        </Box>
      )}
    </Alert>
  );
}
