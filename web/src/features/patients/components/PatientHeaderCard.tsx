import ExpandLess from '@mui/icons-material/ExpandLess';
import ExpandMore from '@mui/icons-material/ExpandMore';
import PersonSearchOutlined from '@mui/icons-material/PersonSearchOutlined';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Collapse from '@mui/material/Collapse';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { lazy, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import type { Patient } from '@/api/patients/keys';
import { EmailText } from '@/components/EmailText';
import { OnceOpened } from '@/components/form/once-opened';
import { displayDate } from '@/lib/dates';
import { fullName, personName, phoneTypeLabel, sexLabel, telHref } from '@/lib/format';
import { HEADER_CARD_COLLAPSED_PX } from '../lib/constants';

// The patient search behind the card's search control loads when first opened.
const PatientSearchDialog = lazy(() => import('@/components/patient-search/PatientSearchDialog').then((m) => ({ default: m.PatientSearchDialog })));

/** The card is exactly 90px tall collapsed, its 1px outline included. */
const ROW_PX = HEADER_CARD_COLLAPSED_PX - 2;

/** A labelled value; `wide` takes the whole row (the e-mail address: it wraps only after '@' and dots). */
function Detail({ label, children, wide = false }: { label: string; children: ReactNode; wide?: boolean }) {
  return (
    <Box sx={{ minWidth: 0, gridColumn: wide ? '1 / -1' : undefined }}>
      <Typography variant="caption" color="textSecondary" component="p">
        {label}
      </Typography>
      {/* Words break only when one alone is wider than the card (a last resort, never in the middle of a fitting word). */}
      <Typography variant="body2" component="p" sx={{ overflowWrap: 'break-word' }}>
        {children || '—'}
      </Typography>
    </Box>
  );
}

/**
 * The patient header card (spec part 2, section 2): full name, patient ID, birth date,
 * account provider, office, sex, primary phone with its type label and email. Collapsed
 * it is exactly 90px tall, outline included (name, ID and birth date); expanded it shows the rest.
 */
export function PatientHeaderCard({ patient, expanded, onToggle }: { patient: Patient; expanded: boolean; onToggle: () => void }) {
  const name = fullName(patient);
  const initials = `${patient.firstName.trim()[0] ?? ''}${patient.lastName.trim()[0] ?? ''}`.toUpperCase();
  const phone = patient.phone1;
  const navigate = useNavigate();
  const [searching, setSearching] = useState(false);
  return (
    <Paper variant="outlined" component="section" aria-label="Patient" data-testid="patient-header-card" sx={{ overflow: 'hidden' }}>
      <Collapse in={expanded} collapsedSize={ROW_PX} id="patient-header-details">
        {/* Collapsed, the row is exactly the card's height and a long name stops at two lines
            (its full text in `title`); expanded, the row grows to show the whole name. */}
        <Box sx={{ height: expanded ? 'auto' : ROW_PX, minHeight: ROW_PX, py: expanded ? 1 : 0, display: 'flex', alignItems: 'center', gap: { xs: 1, sm: 1.5 }, px: { xs: 1.5, sm: 2 }, boxSizing: 'border-box' }}>
          <Avatar sx={{ bgcolor: 'secondary.main', color: '#fff', width: { xs: 40, sm: 48 }, height: { xs: 40, sm: 48 } }} aria-hidden>
            {initials}
          </Avatar>
          <Box sx={{ minWidth: 0, flexGrow: 1 }}>
            <Typography
              variant="h6"
              component="h2"
              data-testid="patient-name"
              title={expanded ? undefined : name}
              sx={{
                lineHeight: 1.25,
                fontSize: { xs: '1.05rem', sm: '1.25rem' },
                overflowWrap: 'break-word',
                ...(expanded ? {} : { display: '-webkit-box', WebkitLineClamp: 2, WebkitBoxOrient: 'vertical', overflow: 'hidden' }),
              }}
            >
              {name}
            </Typography>
            {/* The ID, birth date and 'Inactive' each stay whole and wrap to a second line on a
                narrow phone rather than being cut off (an inactive patient's word was lost). */}
            <Typography variant="body2" color="textSecondary" data-testid="patient-header-facts" sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 0.5, '& > span': { whiteSpace: 'nowrap' } }}>
              <span data-testid="patient-display-id">ID {patient.displayId}</span>
              {patient.birthdate ? (
                <span>
                  {' · '}
                  <span data-testid="patient-birthdate">{displayDate(patient.birthdate)}</span>
                </span>
              ) : null}
              {patient.inactive ? <span data-testid="patient-inactive">{' · Inactive'}</span> : null}
            </Typography>
          </Box>
          <IconButton onClick={() => setSearching(true)} aria-label="Find another patient" sx={{ flexShrink: 0 }}>
            <PersonSearchOutlined />
          </IconButton>
          <IconButton sx={{ flexShrink: 0 }} onClick={onToggle} aria-expanded={expanded} aria-controls="patient-header-details" aria-label={expanded ? 'Show less about the patient' : 'Show more about the patient'}>
            {expanded ? <ExpandLess /> : <ExpandMore />}
          </IconButton>
        </Box>
        <Box sx={{ px: 2, pb: 2, display: expanded ? 'grid' : 'none', gridTemplateColumns: { xs: '1fr 1fr', sm: 'repeat(3, 1fr)' }, gap: 1.5 }}>
          <Detail label="Account Provider">{personName(patient.accountProvider)}</Detail>
          <Detail label="Office">{patient.patientOffice?.name ?? ''}</Detail>
          <Detail label="Sex">{sexLabel(patient.sex)}</Detail>
          <Detail label={phoneTypeLabel(phone?.type)}>{phone?.number ? <Link href={telHref(phone.number)}>{phone.number}</Link> : ''}</Detail>
          <Detail label="Email" wide>
            {patient.email ? <EmailText email={patient.email} /> : ''}
          </Detail>
        </Box>
      </Collapse>
      <OnceOpened open={searching}>
        <PatientSearchDialog
          open={searching}
          onClose={() => setSearching(false)}
          onSelect={(found) => {
            setSearching(false);
            navigate(`/patients/${found.patientId}/patient_home`);
          }}
        />
      </OnceOpened>
    </Paper>
  );
}
