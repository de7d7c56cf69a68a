import ChevronRight from '@mui/icons-material/ChevronRight';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, useParams } from 'react-router';
import { usePageTitle } from '@/components/page-title';
import { displayDate } from '@/lib/dates';
import { listName, sexLabel } from '@/lib/format';
import { MESSAGES } from '@/lib/messages';
import { useGuarantors, type Guarantor } from '../api/get-guarantors';
import { useInsurance } from '../api/get-insurance';
import { FieldList, phoneRow } from '@/components/FieldList';
import { useCurrentPatient } from '../components/patient-context';
import { addressRows, emailValue } from './demographics';
import { MenuList } from './PatientHome';
import { EmptyText, PageSection, QueryState } from '@/components/page-parts';
import { PATIENT_TEXT } from '../lib/texts';

export function InsuranceMenu() {
  usePageTitle('Insurance & Guarantors');
  const { patientId } = useCurrentPatient();
  const base = `/patients/${patientId}/insurance_and_guarantors`;
  return (
    <MenuList
      label="Insurance & Guarantors"
      items={[
        { to: `${base}/insurance`, title: 'Insurance' },
        { to: `${base}/guarantors`, title: 'Guarantors' },
      ]}
    />
  );
}

const PRIORITY = ['', 'Primary', 'Secondary', 'Tertiary'];

/** Insurance: each policy's carrier, plan, start and end dates, guarantor, subscriber and group IDs. */
export function InsuranceList() {
  usePageTitle('Insurance');
  const { patientId } = useCurrentPatient();
  return <InsuranceSection patientId={patientId} />;
}

/** The Insurance section of any patient (the appointment page shows it too). */
export function InsuranceSection({ patientId }: { patientId: number }) {
  const query = useInsurance(patientId);
  return (
    <PageSection title="Insurance">
      <QueryState query={query}>
        {(policies) =>
          policies.length === 0 ? (
            <EmptyText testId="no-insurance">{PATIENT_TEXT.noInsurance}</EmptyText>
          ) : (
            <Stack component="ul" spacing={3} sx={{ listStyle: 'none', p: 0, m: 0 }} aria-label="Insurance policies">
              {policies.map((p) => (
                <Box component="li" key={p.insuranceId} data-testid="insurance-policy">
                  <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
                    <Typography component="h3" sx={{ fontWeight: 600 }}>
                      {p.carrier}
                    </Typography>
                    {PRIORITY[p.priority] && <Chip size="small" label={PRIORITY[p.priority]} variant="outlined" />}
                  </Box>
                  <FieldList
                    rows={[
                      { label: 'Carrier', value: p.carrier },
                      { label: 'Plan', value: p.plan },
                      { label: 'Start Date', value: displayDate(p.start) },
                      { label: 'End Date', value: displayDate(p.end) },
                      { label: 'Guarantor', value: p.guarantor },
                      { label: 'Subscriber ID', value: p.subscriberId },
                      { label: 'Group ID', value: p.groupId },
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

/** Guarantors: the primary as 'Last, First Middle' labelled Primary Guarantor, and the secondary or 'No Secondary Guarantor'. */
export function GuarantorsList() {
  usePageTitle('Guarantors');
  const { patientId } = useCurrentPatient();
  const query = useGuarantors(patientId);
  const base = `/patients/${patientId}/insurance_and_guarantors/guarantors`;
  const row = (g: Guarantor | null | undefined, type: 'primary' | 'secondary') => {
    const label = type === 'primary' ? PATIENT_TEXT.primaryGuarantor : PATIENT_TEXT.secondaryGuarantor;
    if (!g) {
      return (
        <ListItem key={type} divider data-testid={`${type}-guarantor`}>
          <ListItemText primary={type === 'primary' ? PATIENT_TEXT.noPrimaryGuarantor : PATIENT_TEXT.noSecondaryGuarantor} slotProps={{ primary: { color: 'text.secondary' } }} />
        </ListItem>
      );
    }
    return (
      <li key={type}>
        <ListItemButton component={RouterLink} to={`${base}/${type}`} divider data-testid={`${type}-guarantor`}>
          <ListItemText primary={listName(g)} secondary={label} />
          <ChevronRight aria-hidden color="action" />
        </ListItemButton>
      </li>
    );
  };
  return (
    <PageSection title="Guarantors">
      <QueryState query={query}>
        {(data) => (
          <List aria-label="Guarantors" disablePadding>
            {row(data.primary, 'primary')}
            {row(data.secondary, 'secondary')}
          </List>
        )}
      </QueryState>
    </PageSection>
  );
}

/**
 * A guarantor (primary or secondary): the patient-information fields without the
 * relationships, marital status, employment and preferred language; the middle name
 * is the guarantor's middleName.
 */
export function GuarantorDetail() {
  const { guarantorType = '' } = useParams();
  const type = guarantorType === 'primary' || guarantorType === 'secondary' ? guarantorType : null;
  const title = type === 'secondary' ? PATIENT_TEXT.secondaryGuarantor : type === 'primary' ? PATIENT_TEXT.primaryGuarantor : MESSAGES.pageNotFound;
  usePageTitle(title);
  const { patientId } = useCurrentPatient();
  const query = useGuarantors(patientId);
  if (!type) return <EmptyText>{MESSAGES.pageNotFound}</EmptyText>;
  return (
    <PageSection title={title}>
      <QueryState query={query}>
        {(data) => {
          const g = data[type];
          if (!g) return <EmptyText>{type === 'secondary' ? PATIENT_TEXT.noSecondaryGuarantor : PATIENT_TEXT.noPrimaryGuarantor}</EmptyText>;
          return (
            <FieldList
              label={title}
              rows={[
                { label: 'Patient ID', value: g.displayId },
                { label: 'Prefix', value: g.prefix },
                { label: 'First Name', value: g.firstName },
                { label: 'Middle Name', value: g.middleName },
                { label: 'Last Name', value: g.lastName },
                { label: 'Suffix', value: g.suffix },
                { label: 'Maiden Name', value: g.maidenName },
                { label: 'Nickname', value: g.nickname },
                { label: 'Birth Date', value: displayDate(g.birthdate) },
                { label: 'Sex', value: sexLabel(g.sex) },
                ...addressRows(g),
                phoneRow(g.phone1),
                { label: 'Email', value: emailValue(g.email) },
              ]}
            />
          );
        }}
      </QueryState>
    </PageSection>
  );
}
