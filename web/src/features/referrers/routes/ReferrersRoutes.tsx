import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import { Link as RouterLink, Route, Routes, useParams } from 'react-router';
import { PageContainer } from '@/components/PageContainer';
import { EmptyText, QueryState } from '@/components/page-parts';
import { usePageTitle } from '@/components/page-title';
import { parsePatientId } from '@/lib/current-patient';
import { MESSAGES } from '@/lib/messages';
import { useReferrer } from '../api/get-referrer';
import { isReferralNotFound } from '../api/keys';
import { ReferralNotFound, ReferrerDetail } from '../components/ReferrerDetail';
import { ReferrerResults, ReferrerSearchField, useReferrerSearchState } from '../components/ReferrerSearch';
import { REFERRER_TEXT } from '../lib/texts';

/** /referrals (spec part 2, 'Referrers'): the search ('Search referrers...') and the referrers found. */
function ReferrersPage() {
  usePageTitle(REFERRER_TEXT.referrers);
  const search = useReferrerSearchState();
  return (
    <Stack spacing={1}>
      <ReferrerSearchField {...search.field} />
      <ReferrerResults results={search.query.data} loading={search.loading} stale={search.stale} error={search.query.error} />
    </Stack>
  );
}

/** /referrals/{referralId}: the referrer; 'Referral not found' for an unknown id. */
function ReferrerPage() {
  usePageTitle(REFERRER_TEXT.referrers);
  const id = parsePatientId(useParams().referralId);
  const query = useReferrer(id);
  return (
    <Stack spacing={2}>
      <Box>
        <Link component={RouterLink} to="/referrals" sx={{ display: 'inline-block', py: 1 }}>
          {REFERRER_TEXT.referrers}
        </Link>
      </Box>
      {id === null || (query.error && isReferralNotFound(query.error)) ? (
        <ReferralNotFound />
      ) : query.error ? (
        <Alert severity="error" role="alert" action={<Button onClick={() => void query.refetch()}>Retry</Button>}>
          The referrer could not be loaded. Please try again.
        </Alert>
      ) : (
        <QueryState query={query}>{(referrer) => <ReferrerDetail referrer={referrer} />}</QueryState>
      )}
    </Stack>
  );
}

/** /referrals/*: the referrers' search and one referrer's page. */
export default function ReferrersRoutes() {
  return (
    <PageContainer>
      <Routes>
        <Route index element={<ReferrersPage />} />
        <Route path=":referralId" element={<ReferrerPage />} />
        <Route path="*" element={<EmptyText>{MESSAGES.pageNotFound}</EmptyText>} />
      </Routes>
    </PageContainer>
  );
}
