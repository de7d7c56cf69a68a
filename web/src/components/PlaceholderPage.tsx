import ConstructionOutlined from '@mui/icons-material/ConstructionOutlined';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { PageContainer } from './PageContainer';
import { usePageTitle } from './page-title';

/** A titled page for a screen that arrives in a later release. */
export function PlaceholderPage({ title, children }: { title: string; children?: ReactNode }) {
  usePageTitle(title);
  return (
    <PageContainer>
      <Paper variant="outlined" sx={{ p: 3, display: 'flex', gap: 2, alignItems: 'flex-start' }}>
        <ConstructionOutlined aria-hidden color="action" sx={{ mt: 0.5 }} />
        <div>
          <Typography variant="h5" component="h2" gutterBottom>
            {title}
          </Typography>
          <Typography color="text.secondary">
            {children ?? 'This screen is coming in a later release of Pocketchart.'}
          </Typography>
        </div>
      </Paper>
    </PageContainer>
  );
}
