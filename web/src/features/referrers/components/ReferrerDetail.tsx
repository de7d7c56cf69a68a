import ExpandMore from '@mui/icons-material/ExpandMore';
import Alert from '@mui/material/Alert';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { EmailText } from '@/components/EmailText';
import { FieldList, type FieldRow } from '@/components/FieldList';
import type { Referrer } from '../api/types';
import { referrerCompanyLine, referrerMapsHref, referrerName, shownPhones, websiteHref, websiteText } from '../lib/referrer-format';
import { REFERRER_TEXT, referrerTypeLabel } from '../lib/texts';

/** A link a finger can hit, wrapping where it must (a long address). */
const LINK_SX = { display: 'inline-block', py: 0.5, overflowWrap: 'anywhere' } as const;

/** The referrer header: the name (a person's company below it), Type, Default Specialty and NPI. */
export function ReferrerHeader({ referrer, level = 'h2' }: { referrer: Referrer; level?: 'h2' | 'h3' }) {
  const company = referrerCompanyLine(referrer);
  return (
    <Paper variant="outlined" component="section" aria-label={REFERRER_TEXT.referrer} sx={{ p: { xs: 2, sm: 3 } }} data-testid="referrer-header">
      <Typography variant="h5" component={level} sx={{ overflowWrap: 'anywhere' }} data-testid="referrer-name">
        {referrerName(referrer)}
      </Typography>
      {company && (
        <Typography color="textSecondary" sx={{ overflowWrap: 'anywhere' }}>
          {company}
        </Typography>
      )}
      <FieldList
        label={REFERRER_TEXT.referrer}
        rows={[
          { label: REFERRER_TEXT.type, value: referrerTypeLabel(referrer.type), testId: 'referrer-type' },
          { label: REFERRER_TEXT.specialty, value: referrer.specialty, testId: 'referrer-specialty' },
          { label: REFERRER_TEXT.npi, value: referrer.npi, testId: 'referrer-npi' },
        ]}
      />
    </Paper>
  );
}

/** The rows of 'Contact Information': phones tap-to-call (a fax as text), the e-mail a mailto: link, the address opening maps, the website in a new tab. */
export function contactRows(r: Referrer): FieldRow[] {
  const maps = referrerMapsHref(r);
  const website = r.website.trim();
  const email = r.email.trim();
  const rows: FieldRow[] = [
    { label: REFERRER_TEXT.companyOffice, value: r.company.trim(), testId: 'referrer-company' },
    {
      label: REFERRER_TEXT.address,
      value:
        r.address.trim() && maps ? (
          <Link href={maps} target="_blank" rel="noopener noreferrer" sx={{ ...LINK_SX, whiteSpace: 'pre-line' }}>
            {r.address.trim()}
          </Link>
        ) : (
          r.address.trim()
        ),
      testId: 'referrer-address',
    },
    { label: REFERRER_TEXT.city, value: r.city.trim(), testId: 'referrer-city' },
    { label: REFERRER_TEXT.state, value: r.state.trim(), testId: 'referrer-state' },
    { label: REFERRER_TEXT.zip, value: r.zip.trim(), testId: 'referrer-zip' },
    {
      label: REFERRER_TEXT.website,
      value: website ? (
        <Link href={websiteHref(website)} target="_blank" rel="noopener noreferrer" sx={LINK_SX}>
          <EmailText email={websiteText(website)} />
        </Link>
      ) : (
        ''
      ),
      testId: 'referrer-website',
    },
    { label: REFERRER_TEXT.directAddress, value: r.directAddress.trim() ? <EmailText email={r.directAddress.trim()} /> : '', testId: 'referrer-direct' },
    {
      label: REFERRER_TEXT.email,
      value: email ? (
        <Link href={`mailto:${email}`} sx={LINK_SX}>
          <EmailText email={email} />
        </Link>
      ) : (
        ''
      ),
      testId: 'referrer-email',
    },
  ];
  shownPhones(r).forEach((phone, i) =>
    rows.push({
      // Two phones of one type keep apart as rows.
      label: shownPhones(r).filter((p) => p.label === phone.label).length > 1 ? `${phone.label} ${i + 1}` : phone.label,
      value: phone.href ? (
        <Link href={phone.href} sx={LINK_SX}>
          {phone.text}
        </Link>
      ) : (
        phone.text
      ),
      testId: `referrer-phone-${i + 1}`,
    }),
  );
  return rows;
}

function Panel({ title, children, testId }: { title: string; children: React.ReactNode; testId: string }) {
  const id = useId();
  return (
    <Accordion defaultExpanded disableGutters variant="outlined" slotProps={{ heading: { component: 'h3' } }} data-testid={testId}>
      <AccordionSummary expandIcon={<ExpandMore aria-hidden />} id={`${id}-header`} aria-controls={`${id}-content`} sx={{ minHeight: 48 }}>
        <Typography variant="subtitle1" component="span" sx={{ fontWeight: 600 }}>
          {title}
        </Typography>
      </AccordionSummary>
      <AccordionDetails id={`${id}-content`} sx={{ pt: 0 }}>
        {children}
      </AccordionDetails>
    </Accordion>
  );
}

/**
 * A referrer (spec part 2, 'Patient referrals' and 'Referrers'): the header, then the collapsible
 * 'Contact Information' and 'Referrer Notes' panels ('No Referrer Notes' when there are none).
 * Shown by the referrer's page and by a patient's referral.
 */
export function ReferrerDetail({ referrer, level = 'h2' }: { referrer: Referrer; level?: 'h2' | 'h3' }) {
  const notes = referrer.notes.trim();
  return (
    <Stack spacing={2}>
      <ReferrerHeader referrer={referrer} level={level} />
      <Box>
        <Panel title={REFERRER_TEXT.contact} testId="referrer-contact">
          <FieldList label={REFERRER_TEXT.contact} rows={contactRows(referrer)} />
        </Panel>
        <Panel title={REFERRER_TEXT.notes} testId="referrer-notes">
          {notes ? (
            <Typography sx={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }} data-testid="referrer-notes-text">
              {notes}
            </Typography>
          ) : (
            <Typography color="textSecondary" data-testid="no-referrer-notes">
              {REFERRER_TEXT.noNotes}
            </Typography>
          )}
        </Panel>
      </Box>
    </Stack>
  );
}

/** 'Referral not found' (an unknown referrer or referral). */
export function ReferralNotFound() {
  return (
    <Alert severity="info" data-testid="referral-not-found">
      {REFERRER_TEXT.notFound}
    </Alert>
  );
}
