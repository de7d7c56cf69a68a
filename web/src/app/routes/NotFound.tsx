import Home from '@mui/icons-material/Home';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { PageContainer } from '@/components/PageContainer';
import { usePageTitle } from '@/components/page-title';
import { MESSAGES } from '@/lib/messages';

export function NotFound() {
  usePageTitle(MESSAGES.pageNotFound);
  return (
    <PageContainer maxWidth="sm">
      <Stack spacing={3} sx={{ alignItems: 'center', textAlign: 'center', py: 6 }}>
        <Typography variant="h2" component="p" color="textSecondary" aria-hidden>
          404
        </Typography>
        <Typography variant="h5" component="h2">
          {MESSAGES.pageNotFound}
        </Typography>
        <Button component={RouterLink} to="/" variant="contained" color="primary" startIcon={<Home />}>
          Home
        </Button>
      </Stack>
    </PageContainer>
  );
}
