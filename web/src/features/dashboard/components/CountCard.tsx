import ChevronRight from '@mui/icons-material/ChevronRight';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { VisuallyHidden } from '@/components/VisuallyHidden';
import { cappedCount } from '@/lib/format';
import type { CountState } from '../api/counts';

function CountValue({ state }: { state: CountState }) {
  if (state.status === 'loading') return <CircularProgress size={28} aria-label="Loading count" />;
  if (state.status === 'ready') return <>{cappedCount(state.count, { grouped: true })}</>;
  return (
    <>
      <span aria-hidden>—</span>
      <VisuallyHidden>{state.status === 'error' ? 'Count could not be loaded' : 'Count not available yet'}</VisuallyHidden>
    </>
  );
}

/** A dashboard card with a count that links to its screen. */
export function CountCard({ title, to, icon, state, testId }: { title: string; to: string; icon: ReactNode; state: CountState; testId: string }) {
  return (
    <Card variant="outlined" sx={{ height: '100%' }} data-testid={testId}>
      <CardActionArea component={RouterLink} to={to} sx={{ height: '100%', p: 2, display: 'flex', alignItems: 'center', gap: 2, justifyContent: 'flex-start' }}>
        <Box sx={{ color: 'secondary.main', display: 'flex' }} aria-hidden>
          {icon}
        </Box>
        <Box sx={{ flexGrow: 1, minWidth: 0 }}>
          <Typography variant="h6" component="h3">
            {title}
          </Typography>
          <Typography variant="h4" component="p" sx={{ fontWeight: 600 }} data-testid={`${testId}-count`}>
            <CountValue state={state} />
          </Typography>
        </Box>
        <ChevronRight aria-hidden color="action" />
      </CardActionArea>
    </Card>
  );
}
