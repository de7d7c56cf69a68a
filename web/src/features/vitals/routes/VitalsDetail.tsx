import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { Link as RouterLink } from 'react-router';
import { FieldList } from '@/components/FieldList';
import { QueryState, PageSection } from '@/components/page-parts';
import { usePageTitle } from '@/components/page-title';
import { displayDateTime } from '@/lib/dates';
import { isVitalsNotFound, useVitals } from '../api/get-vitals';
import { vitalsDisplay, type Vitals } from '../lib/vitals';
import { VITALS_TEXT } from '../lib/texts';

function Measurement({ vitals }: { vitals: Vitals }) {
  const shown = vitalsDisplay(vitals);
  const rows = [
    { label: 'Measured', value: displayDateTime(vitals.date), testId: 'vitals-date' },
    { label: 'Height', value: shown.height, testId: 'vitals-height' },
    { label: 'Weight', value: shown.weight, testId: 'vitals-weight' },
    { label: 'Blood Pressure', value: shown.bloodPressure, testId: 'vitals-blood-pressure' },
    { label: 'Heart Rate', value: shown.heartRate, testId: 'vitals-heart-rate' },
    { label: 'Temperature', value: shown.temperature, testId: 'vitals-temperature' },
    { label: 'SpO2', value: shown.sp02, testId: 'vitals-sp02' },
    { label: 'Respiratory Rate', value: shown.respiratoryRate, testId: 'vitals-respiratory-rate' },
  ];
  if (shown.headCircumference) rows.push({ label: 'Head Circumference', value: shown.headCircumference, testId: 'vitals-head-circumference' });
  return <FieldList label="Vitals" rows={rows} />;
}

/**
 * /patients/{id}/clinical/vitals/{vitalsId}: one measurement in the form's units (feet
 * and inches, pounds, °F, %, cm). The rest of Clinical arrives with a later issue.
 */
export default function VitalsDetail({ patientId, vitalsId }: { patientId: number; vitalsId: number | null }) {
  usePageTitle('Vitals');
  const vitals = useVitals(vitalsId);
  const missing = vitalsId === null || (vitals.error && isVitalsNotFound(vitals.error)) || (vitals.data && vitals.data.patientId !== patientId);
  return (
    <PageSection title="Vitals">
      {missing ? (
        <Alert severity="info" data-testid="no-vitals">
          {VITALS_TEXT.noVitalsFound}
        </Alert>
      ) : (
        <QueryState query={vitals}>{(data) => <Measurement vitals={data} />}</QueryState>
      )}
      <Stack direction="row" sx={{ mt: 2 }}>
        <Button component={RouterLink} to={`/patients/${patientId}/patient_home`}>
          Patient Home
        </Button>
      </Stack>
    </PageSection>
  );
}
