import ChevronRight from '@mui/icons-material/ChevronRight';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { EmptyText, QueryState } from '@/components/page-parts';
import { displayDate } from '@/lib/dates';
import { usePatientReferrals } from '../api/get-patient-referrals';
import type { PatientReferral } from '../api/types';
import { referrerName } from '../lib/referrer-format';
import { directionLabel, REFERRER_TEXT, statusLabel } from '../lib/texts';

// Outlined, in the theme's dark tones: the text keeps 4.5:1 or more on white.
const STATUS_COLORS: Record<string, 'warning' | 'info' | 'success' | 'default'> = { pending: 'warning', scheduled: 'info', completed: 'success', cancelled: 'default' };

export function ReferralStatusChip({ status }: { status: string }) {
  return <Chip size="small" variant="outlined" color={STATUS_COLORS[status] ?? 'default'} label={statusLabel(status)} data-testid="referral-status" />;
}

/** The referrer's name for a referral: 'First Last', or the company when the referrer is an organisation (no first or last). */
const referralName = (r: PatientReferral) => referrerName({ type: r.first.trim() || r.last.trim() ? 'person' : 'organisation', first: r.first, last: r.last, company: r.company });

/** One referral: the referrer (first + last name, company), 'Referred by'/'Referred to' and the date, the status, the reason. */
function ReferralRow({ referral: r, to, divider }: { referral: PatientReferral; to: string; divider: boolean }) {
  const name = referralName(r);
  const company = r.company.trim() !== name ? r.company.trim() : '';
  return (
    <li>
      <ListItemButton component={RouterLink} to={to} divider={divider} sx={{ alignItems: 'flex-start', gap: 1, py: 1.5 }} data-testid="patient-referral">
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', columnGap: 1, rowGap: 0.5 }}>
            <Typography component="span" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }} data-testid="referral-name">
              {name}
            </Typography>
            <ReferralStatusChip status={r.status} />
          </Box>
          {company && (
            <Typography variant="body2" color="textSecondary" sx={{ overflowWrap: 'anywhere' }}>
              {company}
            </Typography>
          )}
          <Typography variant="body2" data-testid="referral-when">
            {directionLabel(r.direction)} · {displayDate(r.date)}
          </Typography>
          {r.reason.trim() && (
            <Typography variant="body2" color="textSecondary" sx={{ overflowWrap: 'anywhere', whiteSpace: 'pre-line' }} data-testid="referral-reason">
              {r.reason.trim()}
            </Typography>
          )}
        </Box>
        <ChevronRight aria-hidden color="action" sx={{ mt: 0.5 }} />
      </ListItemButton>
    </li>
  );
}

/**
 * A patient's referrals (newest date first), each leading to
 * /patients/{patientId}/referrals/{patientReferralId}; 'This Patient Has No Referrals' when none.
 * The patient area's Referrals and an appointment's Referrals page show it.
 */
export function PatientReferralList({ patientId }: { patientId: number }) {
  const query = usePatientReferrals(patientId);
  return (
    <QueryState query={query}>
      {(referrals) =>
        referrals.length === 0 ? (
          <EmptyText testId="no-referrals">{REFERRER_TEXT.noReferrals}</EmptyText>
        ) : (
          <List aria-label={REFERRER_TEXT.referrals} disablePadding data-testid="patient-referrals">
            {referrals.map((r, i) => (
              <ReferralRow key={r.patientReferralId} referral={r} to={`/patients/${patientId}/referrals/${r.patientReferralId}`} divider={i < referrals.length - 1} />
            ))}
          </List>
        )
      }
    </QueryState>
  );
}
