import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

/** A section of a page (patient pages, orders): a heading and its content. */
export function PageSection({ title, children, action }: { title: string; children: ReactNode; action?: ReactNode }) {
  return (
    <Paper variant="outlined" component="section" aria-label={title} sx={{ p: { xs: 2, sm: 3 } }}>
      <Box sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: 1, mb: 1, '& .MuiButton-root': { whiteSpace: 'nowrap' } }}>
        <Typography variant="h6" component="h2" sx={{ flexGrow: 1 }}>
          {title}
        </Typography>
        {action}
      </Box>
      {children}
    </Paper>
  );
}

/** Loading, failure or the content of one query. */
export function QueryState<T>({ query, children }: { query: { data: T | undefined; isPending: boolean; error: unknown }; children: (data: T) => ReactNode }) {
  if (query.data !== undefined) return <>{children(query.data)}</>;
  if (query.error) {
    return (
      <Alert severity="error" role="alert">
        This could not be loaded. Please try again.
      </Alert>
    );
  }
  return (
    <Box role="status" sx={{ display: 'flex', justifyContent: 'center', py: 4 }}>
      <CircularProgress aria-label="Loading" />
    </Box>
  );
}

export function EmptyText({ children, testId }: { children: ReactNode; testId?: string }) {
  return (
    <Typography color="textSecondary" sx={{ py: 2 }} data-testid={testId}>
      {children}
    </Typography>
  );
}
