import Add from '@mui/icons-material/Add';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { lazy, useState } from 'react';
import { Link as RouterLink, Route, Routes, useParams } from 'react-router';
import { FieldList } from '@/components/FieldList';
import { OnceOpened } from '@/components/form/once-opened';
import { EmptyText, PageSection, QueryState } from '@/components/page-parts';
import { usePageTitle } from '@/components/page-title';
import { useToast } from '@/components/toast';
import { parsePatientId } from '@/lib/current-patient';
import { displayDate } from '@/lib/dates';
import { MESSAGES } from '@/lib/messages';
import { usePatientReferral } from '../api/get-patient-referrals';
import { isReferralNotFound } from '../api/keys';
import type { PatientReferralDetail, ReferralStatus } from '../api/types';
import { referralConflictOf, useUpdatePatientReferral } from '../api/update-patient-referral';
import { PatientReferralList, ReferralStatusChip } from '../components/PatientReferralList';
import { ReferralNotFound, ReferrerDetail } from '../components/ReferrerDetail';
import { directionLabel, REFERRAL_STATUSES, REFERRER_TEXT, STATUS_LABELS } from '../lib/texts';

const ReferralFormDialog = lazy(() => import('../components/ReferralFormDialog'));

/** /patients/{id}/referrals: the patient's referrals and 'Add Referral'. */
function ReferralsPage({ patientId }: { patientId: number }) {
  usePageTitle(REFERRER_TEXT.referrals);
  const [adding, setAdding] = useState(false);
  return (
    <PageSection
      title={REFERRER_TEXT.referrals}
      action={
        <Button variant="outlined" startIcon={<Add aria-hidden />} onClick={() => setAdding(true)}>
          {REFERRER_TEXT.addReferral}
        </Button>
      }
    >
      <PatientReferralList patientId={patientId} />
      <OnceOpened open={adding}>
        <ReferralFormDialog open={adding} onClose={() => setAdding(false)} patientId={patientId} />
      </OnceOpened>
    </PageSection>
  );
}

/**
 * The referral's status as a select: a change is saved at once (PATCH with the version shown).
 * A 409 puts the referral as now saved on the page and says so.
 */
function StatusControl({ patientId, referral }: { patientId: number; referral: PatientReferralDetail }) {
  const update = useUpdatePatientReferral(patientId, referral.patientReferralId);
  const toast = useToast();
  const [conflict, setConflict] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  return (
    <Stack spacing={1}>
      {conflict && (
        <Alert severity="warning" role="alert" onClose={() => setConflict(null)} data-testid="referral-conflict">
          <AlertTitle>{conflict}</AlertTitle>
          {REFERRER_TEXT.conflictNote}
        </Alert>
      )}
      {failed && (
        <Alert severity="error" role="alert" onClose={() => setFailed(false)}>
          {REFERRER_TEXT.notSaved}
        </Alert>
      )}
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        <TextField
          select
          id={`referral-status-${referral.patientReferralId}`}
          label={REFERRER_TEXT.changeStatus}
          // While a change is saved, the select shows the status chosen.
          value={update.isPending && update.variables ? update.variables.status : referral.status}
          disabled={update.isPending}
          onChange={(event) => {
            const status = event.target.value as ReferralStatus;
            if (status === referral.status) return;
            setConflict(null);
            setFailed(false);
            update.mutate(
              { status, reason: null, version: referral.version },
              {
                onSuccess: () => toast(REFERRER_TEXT.statusSaved, 'success'),
                onError: (error) => {
                  const found = referralConflictOf(error, referral.patientReferralId);
                  if (found) setConflict(found.message);
                  else setFailed(true);
                },
              },
            );
          }}
          slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
          sx={{ width: { xs: '100%', sm: 260 } }}
        >
          {REFERRAL_STATUSES.map((s) => (
            <option key={s} value={s}>
              {STATUS_LABELS[s]}
            </option>
          ))}
        </TextField>
        {update.isPending && <CircularProgress size={24} aria-label="Saving the status" />}
      </Box>
    </Stack>
  );
}

/** /patients/{id}/referrals/{patientReferralId}: the referral (direction, date, reason, status and its change), then its referrer. */
function ReferralPage({ patientId }: { patientId: number }) {
  usePageTitle(REFERRER_TEXT.referrals);
  const id = parsePatientId(useParams().patientReferralId);
  const query = usePatientReferral(patientId, id);
  return (
    <Stack spacing={2}>
      <Box>
        <Link component={RouterLink} to={`/patients/${patientId}/referrals`} sx={{ display: 'inline-block', py: 1 }}>
          {REFERRER_TEXT.referrals}
        </Link>
      </Box>
      {id === null || (query.error && isReferralNotFound(query.error)) ? (
        <ReferralNotFound />
      ) : (
        <QueryState query={query}>
          {(referral) => (
            <Stack spacing={2}>
              <PageSection title={REFERRER_TEXT.referral}>
                <FieldList
                  label={REFERRER_TEXT.referral}
                  rows={[
                    { label: REFERRER_TEXT.direction, value: directionLabel(referral.direction), testId: 'referral-direction' },
                    { label: REFERRER_TEXT.date, value: displayDate(referral.date), testId: 'referral-date' },
                    { label: REFERRER_TEXT.reason, value: <Box component="span" sx={{ whiteSpace: 'pre-line' }}>{referral.reason}</Box>, testId: 'referral-reason' },
                    { label: REFERRER_TEXT.status, value: <ReferralStatusChip status={referral.status} />, testId: 'referral-status-value' },
                  ]}
                />
                <Box sx={{ mt: 2 }}>
                  <StatusControl patientId={patientId} referral={referral} />
                </Box>
              </PageSection>
              <ReferrerDetail referrer={referral.referrer} />
            </Stack>
          )}
        </QueryState>
      )}
    </Stack>
  );
}

/** /patients/{id}/referrals/*: the patient's referrals (given to the patient area by the app). */
export default function PatientReferralsArea({ patientId }: { patientId: number }) {
  return (
    <Routes>
      <Route index element={<ReferralsPage patientId={patientId} />} />
      <Route path=":patientReferralId" element={<ReferralPage patientId={patientId} />} />
      <Route path="*" element={<EmptyText>{MESSAGES.pageNotFound}</EmptyText>} />
    </Routes>
  );
}
