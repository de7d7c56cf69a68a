import EditOutlined from '@mui/icons-material/EditOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { lazy, useState } from 'react';
import { useAccountAlerts } from '@/api/patients/get-account-alerts';
import { useAllergies, type AllergyAlert } from '@/api/patients/get-allergies';
import { usePatientAlerts } from '@/api/patients/get-patient-alerts';
import type { Patient } from '@/api/patients/keys';
import { useReferenceList } from '@/api/references/get-reference-list';
import { OnceOpened } from '@/components/form/once-opened';
import { usePageTitle } from '@/components/page-title';
import { displayDate } from '@/lib/dates';
import { dollars, personName, sexLabel } from '@/lib/format';
import { optionLabel, US_STATES } from '@/lib/places';
import { useBalance } from '../api/get-balance';
import { useEmergencyContacts } from '../api/get-emergency-contacts';
import { useProviderOfficeFee } from '../api/get-provider-office-fee';
import { EmailText } from '@/components/EmailText';
import { FieldList, PhoneLink, phoneRow, type FieldRow } from '@/components/FieldList';
import { AllergySeverity } from '../components/AllergySeverity';
import { EditPatientDialog } from '../components/EditPatientDialog';
import { bySeverity, currentAllergies, severeAllergies } from '../lib/allergy-severity';
import { useCurrentPatient } from '../components/patient-context';
import { MenuList } from './PatientHome';
import { EmptyText, PageSection, QueryState } from '@/components/page-parts';
import { PATIENT_TEXT } from '../lib/texts';

// The form (react-hook-form, zod) loads when first opened, not with the patient pages.
const ProviderOfficeFeeDialog = lazy(() => import('../components/ProviderOfficeFeeDialog').then((m) => ({ default: m.ProviderOfficeFeeDialog })));

/** Demographics links (spec part 2, section 2). */
export const DEMOGRAPHICS_MENU = [
  { key: 'patient_information', title: 'Patient Information' },
  { key: 'balances', title: 'Balances' },
  { key: 'alerts', title: 'Alerts' },
  { key: 'provider_office_fee', title: 'Provider Office & Fee Schedule' },
  { key: 'emergency_contact', title: 'Emergency Contact' },
];

export function DemographicsMenu() {
  usePageTitle('Demographics');
  const { patientId } = useCurrentPatient();
  return <MenuList label="Demographics" items={DEMOGRAPHICS_MENU.map((m) => ({ to: `/patients/${patientId}/demographics/${m.key}`, title: m.title }))} />;
}

function useName<T>(list: T[] | undefined, id: number | null | undefined, key: (item: T) => number, name: (item: T) => string): string {
  const item = list?.find((i) => key(i) === id);
  return item ? name(item) : '';
}

/** The address rows shared by patients and guarantors. */
export function addressRows(p: { streetAddress: string; suite: string; city: string; state: string; zipCode: string; country: string }): FieldRow[] {
  return [
    { label: 'Street Address', value: p.streetAddress },
    { label: 'Suite', value: p.suite },
    { label: 'City', value: p.city },
    { label: 'State', value: optionLabel(US_STATES, p.state) === p.state ? p.state : `${optionLabel(US_STATES, p.state)} (${p.state})` },
    { label: 'Zip Code', value: p.zipCode },
    { label: 'Country', value: p.country },
  ];
}

export function emailValue(email: string) {
  return email ? (
    <Link href={`mailto:${email}`}>
      <EmailText email={email} />
    </Link>
  ) : (
    ''
  );
}

function patientRows(p: Patient, names: { marital: string; employment: string; language: string; toPrimary: string; toSecondary: string }): FieldRow[] {
  return [
    { label: 'Patient ID', value: p.displayId },
    { label: 'Prefix', value: p.prefix },
    { label: 'First Name', value: p.firstName },
    { label: 'Middle Name', value: p.middle },
    { label: 'Last Name', value: p.lastName },
    { label: 'Suffix', value: p.suffix },
    { label: 'Maiden Name', value: p.maidenName },
    { label: 'Nickname', value: p.nickname },
    { label: 'Birth Date', value: displayDate(p.birthdate), testId: 'birth-date' },
    { label: 'Sex', value: sexLabel(p.sex) },
    { label: 'Marital Status', value: names.marital },
    { label: 'Employment', value: names.employment },
    { label: 'Preferred Language', value: names.language },
    { label: 'Relationship to Primary', value: names.toPrimary },
    { label: 'Relationship to Secondary', value: names.toSecondary },
    ...addressRows(p),
    phoneRow(p.phone1),
    { label: 'Email', value: emailValue(p.email) },
    { label: 'Account Provider', value: personName(p.accountProvider) },
    { label: 'Patient Provider', value: personName(p.patientProvider) },
    { label: 'Office', value: p.patientOffice?.name ?? '' },
    { label: 'Fee Schedule', value: p.feeSchedule?.name ?? '' },
  ];
}

/**
 * Patient Information: read-only, selects shown by name, the first phone as a telephone
 * link labelled by its type. Hidden as the spec lists: the provider, office and fee
 * schedule ids, phone 1's type as a row of its own, phones 2 and 3 with their types.
 */
export function PatientInformation() {
  usePageTitle('Patient Information');
  const patient = useCurrentPatient();
  const [editing, setEditing] = useState(false);
  const marital = useName(useReferenceList('maritalStatuses').data, patient.maritalStatus, (m) => m.id, (m) => m.description);
  const employment = useName(useReferenceList('employmentStatuses').data, patient.employment, (m) => m.id, (m) => m.description);
  const language = useName(useReferenceList('languages').data, patient.preferredLanguageId, (l) => l.languageId, (l) => l.language);
  const relationships = useReferenceList('patientRelationships').data;
  const toPrimary = useName(relationships, patient.relationshipToPrimary, (r) => r.patientRelationshipId, (r) => r.patientRelationship);
  const toSecondary = useName(relationships, patient.relationshipToSecondary, (r) => r.patientRelationshipId, (r) => r.patientRelationship);
  return (
    <PageSection
      title="Patient Information"
      action={
        <Button variant="outlined" startIcon={<EditOutlined />} onClick={() => setEditing(true)}>
          Edit Patient
        </Button>
      }
    >
      <FieldList label="Patient information" rows={patientRows(patient, { marital, employment, language, toPrimary, toSecondary })} />
      <EditPatientDialog open={editing} onClose={() => setEditing(false)} patient={patient} />
    </PageSection>
  );
}

/** Balances: Patient, Insurance, Unapplied, Account, in dollars with 2 decimals. */
export function Balances() {
  usePageTitle('Balances');
  const { patientId } = useCurrentPatient();
  return <BalancesSection patientId={patientId} />;
}

/** The Balances section of any patient (the appointment page shows it too). */
export function BalancesSection({ patientId }: { patientId: number }) {
  const balance = useBalance(patientId);
  return (
    <PageSection title="Balances">
      <QueryState query={balance}>
        {(b) => (
          <FieldList
            label="Balances"
            rows={[
              { label: 'Patient', value: dollars(b.patientPortion), testId: 'balance-patient' },
              { label: 'Insurance', value: dollars(b.insurancePortion), testId: 'balance-insurance' },
              { label: 'Unapplied', value: dollars(b.unapplied), testId: 'balance-unapplied' },
              { label: 'Account', value: dollars(b.accountBalance), testId: 'balance-account' },
            ]}
          />
        )}
      </QueryState>
    </PageSection>
  );
}

interface AlertItem {
  key: number;
  description: string;
  date: string;
  detail?: string;
  /** An allergy: its severity is shown as a word beside the description (severe ones in red, with an icon). */
  allergy?: AllergyAlert;
}

function AlertGroup({ title, items }: { title: string; items: AlertItem[] }) {
  if (items.length === 0) return null;
  return (
    <Box component="section" aria-label={title}>
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, color: 'secondary.main' }}>
        {title}
      </Typography>
      <List dense aria-label={title}>
        {items.map((a) => {
          const severe = a.allergy !== undefined && severeAllergies([a.allergy]).length > 0;
          return (
            <ListItem
              key={a.key}
              divider
              disableGutters
              data-testid={a.allergy ? 'allergy-alert' : undefined}
              // A severe allergy is also marked by a red edge (beside the word and the icon).
              sx={severe ? { borderLeft: 4, borderLeftColor: 'error.main', pl: 1.5 } : undefined}
            >
              <ListItemText
                primary={
                  a.allergy ? (
                    <Box component="span" sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', columnGap: 1 }}>
                      <span>{a.description}</span>
                      <AllergySeverity allergy={a.allergy} />
                    </Box>
                  ) : (
                    a.description
                  )
                }
                secondary={[a.detail, a.date].filter(Boolean).join(' · ')}
              />
            </ListItem>
          );
        })}
      </List>
    </Box>
  );
}

/** Alerts: Patient Alerts, Account Alerts, Allergy Alerts, each only when it has alerts. */
export function AlertsPage() {
  usePageTitle('Alerts');
  const { patientId } = useCurrentPatient();
  const patient = usePatientAlerts(patientId);
  const account = useAccountAlerts(patientId);
  const allergy = useAllergies(patientId);
  const all = { data: patient.data && account.data && allergy.data ? true : undefined, isPending: false, error: patient.error ?? account.error ?? allergy.error };
  return (
    <PageSection title="Alerts">
      <QueryState query={all}>
        {() => {
          const groups = [
            { title: 'Patient Alerts', items: (patient.data ?? []).map((a) => ({ key: a.alertId, description: a.description, date: displayDate(a.created) })) },
            { title: 'Account Alerts', items: (account.data ?? []).map((a) => ({ key: a.alertId, description: a.description, date: displayDate(a.created) })) },
            {
              title: 'Allergy Alerts',
              // Current severe allergies first; the severity is shown as its own word, the reaction and status after it.
              items: bySeverity(currentAllergies(allergy.data ?? [])).map((a) => ({ key: a.allergyId, description: a.description, date: displayDate(a.created), detail: [a.reaction, a.status].filter(Boolean).join(', '), allergy: a })),
            },
          ];
          if (groups.every((g) => g.items.length === 0)) return <EmptyText testId="no-alerts">{PATIENT_TEXT.noAlerts}</EmptyText>;
          return (
            <Stack spacing={2}>
              {groups.map((g) => (
                <AlertGroup key={g.title} {...g} />
              ))}
            </Stack>
          );
        }}
      </QueryState>
    </PageSection>
  );
}

/** Provider, Office & Fee Schedule, with its edit dialog. */
export function ProviderOfficeFeePage() {
  usePageTitle('Provider, Office & Fee Schedule');
  const { patientId } = useCurrentPatient();
  const query = useProviderOfficeFee(patientId);
  const [editing, setEditing] = useState(false);
  return (
    <PageSection
      title="Provider, Office & Fee Schedule"
      action={
        <Button variant="outlined" startIcon={<EditOutlined />} onClick={() => setEditing(true)} disabled={!query.data}>
          Edit
        </Button>
      }
    >
      <QueryState query={query}>
        {(data) => (
          <>
            <FieldList
              label="Provider, office and fee schedule"
              rows={[
                { label: 'Account Provider', value: personName(data.accountProvider), testId: 'account-provider' },
                { label: 'Patient Provider', value: personName(data.patientProvider), testId: 'patient-provider' },
                { label: 'Office', value: data.patientOffice?.name ?? '', testId: 'office' },
                { label: 'Fee Schedule', value: data.feeSchedule?.name ?? '', testId: 'fee-schedule' },
              ]}
            />
            <OnceOpened open={editing}>
              <ProviderOfficeFeeDialog open={editing} onClose={() => setEditing(false)} patientId={patientId} current={data} />
            </OnceOpened>
          </>
        )}
      </QueryState>
    </PageSection>
  );
}

/** Emergency Contacts: name, relationship, Next of Kin Yes/No, phone. */
export function EmergencyContacts() {
  usePageTitle('Emergency Contacts');
  const { patientId } = useCurrentPatient();
  const query = useEmergencyContacts(patientId);
  return (
    <PageSection title="Emergency Contacts">
      <QueryState query={query}>
        {(contacts) =>
          contacts.length === 0 ? (
            <EmptyText testId="no-emergency-contacts">{PATIENT_TEXT.noEmergencyContacts}</EmptyText>
          ) : (
            <Stack spacing={2} component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }} aria-label="Emergency contacts">
              {contacts.map((c, i) => (
                <Box component="li" key={`${c.name}-${i}`} data-testid="emergency-contact">
                  <Typography sx={{ fontWeight: 600 }}>{c.name}</Typography>
                  <FieldList
                    rows={[
                      { label: 'Relationship', value: c.relationship },
                      { label: 'Next of Kin', value: c.nextOfKin ? 'Yes' : 'No' },
                      { label: 'Phone', value: c.phone ? <PhoneLink number={c.phone} /> : '' },
                    ]}
                  />
                </Box>
              ))}
            </Stack>
          )
        }
      </QueryState>
    </PageSection>
  );
}
