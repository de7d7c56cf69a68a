import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Navigate, Route, Routes, useLocation, useParams } from 'react-router';
import { isNotFound, usePatient } from '@/api/patients/get-patient';
import { patientKeys } from '@/api/patients/keys';
import { usePreferences } from '@/api/preferences/get-preferences';
import { useSavePreference } from '@/api/preferences/save-preference';
import { FullScreenSpinner } from '@/components/FullScreenSpinner';
import { PageContainer } from '@/components/PageContainer';
import { usePageTitle } from '@/components/page-title';
import { parsePatientId, setCurrentPatientId } from '@/lib/current-patient';
import { MESSAGES } from '@/lib/messages';
import { withRecentPatient } from '@/lib/recent-patients';
import { AlertsBanner, showsAlertsBanner } from '../components/AlertsBanner';
import { PatientHeaderCard } from '../components/PatientHeaderCard';
import { PatientContext } from '../components/patient-context';
import { PatientAreaSlotsContext, usePatientAreaSlots, type PatientAreaSlots } from '../components/patient-area-slots';
import PatientHome from './PatientHome';
import { EmptyText, PageSection } from '@/components/page-parts';
import { PATIENT_TEXT } from '../lib/texts';

// The Demographics and Insurance pages load when first visited, not with the patient home.
const demographics = () => import('./demographics');
const insurance = () => import('./insurance');
const DemographicsMenu = lazy(() => demographics().then((m) => ({ default: m.DemographicsMenu })));
const PatientInformation = lazy(() => demographics().then((m) => ({ default: m.PatientInformation })));
const Balances = lazy(() => demographics().then((m) => ({ default: m.Balances })));
const AlertsPage = lazy(() => demographics().then((m) => ({ default: m.AlertsPage })));
const ProviderOfficeFeePage = lazy(() => demographics().then((m) => ({ default: m.ProviderOfficeFeePage })));
const EmergencyContacts = lazy(() => demographics().then((m) => ({ default: m.EmergencyContacts })));
const InsuranceMenu = lazy(() => insurance().then((m) => ({ default: m.InsuranceMenu })));
const InsuranceList = lazy(() => insurance().then((m) => ({ default: m.InsuranceList })));
const GuarantorsList = lazy(() => insurance().then((m) => ({ default: m.GuarantorsList })));
const GuarantorDetail = lazy(() => insurance().then((m) => ({ default: m.GuarantorDetail })));

function NoPatient() {
  usePageTitle('Patient');
  return (
    <PageContainer>
      <Alert severity="info" data-testid="no-patient">
        {PATIENT_TEXT.noPatientFound}
      </Alert>
    </PageContainer>
  );
}

/** A patient page whose content arrives with a later issue: titled, inside the patient area. */
function Later({ title }: { title: string }) {
  usePageTitle(title);
  return (
    <PageSection title={title}>
      <EmptyText>This screen is coming in a later release of Pocketchart.</EmptyText>
    </PageSection>
  );
}

/** /patients/{id}/appointments/*: given by the appointments feature. */
function AppointmentsRoute({ patientId }: { patientId: number }) {
  const { AppointmentsArea } = usePatientAreaSlots();
  if (!AppointmentsArea) return <Later title="Appointments & Follow-Ups" />;
  return <AppointmentsArea patientId={patientId} />;
}

/** /patients/{id}/clinical/{section}[/{entryId}]: a chart section (given by the clinical feature). */
function ClinicalSectionRoute({ patientId }: { patientId: number }) {
  const { section, entryId } = useParams();
  const { ClinicalSectionPage } = usePatientAreaSlots();
  if (!ClinicalSectionPage) return <Later title="Clinical" />;
  return <ClinicalSectionPage patientId={patientId} section={section} entryId={entryId} />;
}

/** /patients/{id}/clinical/vitals/{vitalsId}: one measurement (given by the vitals feature). */
function VitalsRoute({ patientId }: { patientId: number }) {
  const { vitalsId } = useParams();
  const { VitalsPage } = usePatientAreaSlots();
  if (!VitalsPage) return <Later title="Clinical" />;
  return <VitalsPage patientId={patientId} vitalsId={parsePatientId(vitalsId)} />;
}

/** /patients/{id}/clinical: the Clinical board (given by the clinical feature). */
function ClinicalRoute({ patientId }: { patientId: number }) {
  const { ClinicalBoard } = usePatientAreaSlots();
  if (!ClinicalBoard) return <Later title="Clinical" />;
  return <ClinicalBoard patientId={patientId} />;
}

/** /patients/{id}/referrals/*: the patient's referrals (given by the referrers feature). */
function ReferralsRoute({ patientId }: { patientId: number }) {
  const { ReferralsArea } = usePatientAreaSlots();
  if (!ReferralsArea) return <Later title="Referrals" />;
  return <ReferralsArea patientId={patientId} />;
}

/** /patients/{id}/new_charge: the Billing Order (given by the billing feature). */
function BillingOrderRoute({ patientId }: { patientId: number }) {
  const { BillingOrderPage } = usePatientAreaSlots();
  if (!BillingOrderPage) return <Later title="Billing Order" />;
  return <BillingOrderPage patientId={patientId} />;
}

function PageNotFoundHere() {
  usePageTitle(MESSAGES.pageNotFound);
  return <EmptyText>{MESSAGES.pageNotFound}</EmptyText>;
}

/** Opening a patient puts them first in recentPatients (newest first, once, at most 20). */
function useRecordRecentPatient(patientId: number, loaded: boolean) {
  const { recentPatients } = usePreferences();
  const save = useSavePreference();
  const recorded = useRef<number | null>(null);
  useEffect(() => {
    if (!loaded || recorded.current === patientId) return;
    recorded.current = patientId;
    const next = withRecentPatient(recentPatients, patientId);
    if (next.length === recentPatients.length && next.every((id, i) => id === recentPatients[i])) return;
    save.mutate({ key: 'recentPatients', update: next });
    // Only a new patient id records a visit; the preference list is read at that moment.
    // eslint-disable-next-line react-hooks/exhaustive-deps -- on purpose: not again when the list or the mutation changes
  }, [patientId, loaded]);
}

/**
 * Alerts are cached per patient; changing patient clears the previous patient's alerts
 * from the cache, so coming back to them fetches them afresh.
 */
function useClearAlertsOnPatientChange(patientId: number) {
  const queryClient = useQueryClient();
  const previous = useRef(patientId);
  useEffect(() => {
    if (previous.current !== patientId) {
      queryClient.removeQueries({ queryKey: patientKeys.alerts(previous.current) });
      previous.current = patientId;
    }
  }, [patientId, queryClient]);
}

function LoadedArea({ patientId }: { patientId: number }) {
  const { pathname } = useLocation();
  const patient = usePatient(patientId);
  const [expanded, setExpanded] = useState(false);
  useRecordRecentPatient(patientId, patient.data?.patientId === patientId);
  useClearAlertsOnPatientChange(patientId);

  if (patient.isPending) return <FullScreenSpinner label="Loading the patient…" />;
  if (patient.error && isNotFound(patient.error)) return <NoPatient />;
  if (!patient.data) {
    return (
      <PageContainer>
        <Alert severity="error" action={<Button onClick={() => void patient.refetch()}>Retry</Button>}>
          The patient could not be loaded. Please try again.
        </Alert>
      </PageContainer>
    );
  }
  const base = `/patients/${patientId}`;
  return (
    <PatientContext.Provider value={patient.data}>
      <PageContainer>
        <Stack spacing={2}>
          <PatientHeaderCard patient={patient.data} expanded={expanded} onToggle={() => setExpanded((e) => !e)} />
          {showsAlertsBanner(pathname) && <AlertsBanner patientId={patientId} />}
          <Suspense fallback={null}>
            <Routes>
              <Route index element={<Navigate to={`${base}/patient_home`} replace />} />
              <Route path="patient_home" element={<PatientHome />} />
              <Route path="demographics" element={<DemographicsMenu />} />
              <Route path="demographics/patient_information" element={<PatientInformation />} />
              <Route path="demographics/balances" element={<Balances />} />
              <Route path="demographics/alerts" element={<AlertsPage />} />
              <Route path="demographics/provider_office_fee" element={<ProviderOfficeFeePage />} />
              <Route path="demographics/emergency_contact" element={<EmergencyContacts />} />
              <Route path="insurance_and_guarantors" element={<InsuranceMenu />} />
              <Route path="insurance_and_guarantors/insurance" element={<InsuranceList />} />
              <Route path="insurance_and_guarantors/guarantors" element={<GuarantorsList />} />
              <Route path="insurance_and_guarantors/guarantors/:guarantorType" element={<GuarantorDetail />} />
              <Route path="clinical" element={<ClinicalRoute patientId={patientId} />} />
              <Route path="clinical/vitals/:vitalsId" element={<VitalsRoute patientId={patientId} />} />
              <Route path="clinical/:section" element={<ClinicalSectionRoute patientId={patientId} />} />
              <Route path="clinical/:section/:entryId" element={<ClinicalSectionRoute patientId={patientId} />} />
              <Route path="clinical/*" element={<Later title="Clinical" />} />
              <Route path="appointments/*" element={<AppointmentsRoute patientId={patientId} />} />
              <Route path="referrals/*" element={<ReferralsRoute patientId={patientId} />} />
              <Route path="new_charge" element={<BillingOrderRoute patientId={patientId} />} />
              <Route path="*" element={<PageNotFoundHere />} />
            </Routes>
          </Suspense>
        </Stack>
      </PageContainer>
    </PatientContext.Provider>
  );
}

/**
 * /patients/:patientId/*: a non-numeric id goes to /search; the id is kept as the
 * selected patient (session storage, which expands the navigation's patient entries);
 * an unknown id shows 'No patient was found' (spec part 2, section 2). `slots` are what other
 * features give the area (the speed dial's New Order and New Vitals, the vitals page).
 */
const NO_SLOTS: PatientAreaSlots = {};

export default function PatientArea({ slots = NO_SLOTS }: { slots?: PatientAreaSlots }) {
  const { patientId } = useParams();
  const id = parsePatientId(patientId);
  useEffect(() => {
    if (id !== null) setCurrentPatientId(id);
  }, [id]);
  if (id === null) return <Navigate to="/search" replace />;
  return (
    <PatientAreaSlotsContext.Provider value={slots}>
      <LoadedArea patientId={id} />
    </PatientAreaSlotsContext.Provider>
  );
}
