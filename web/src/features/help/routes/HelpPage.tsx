import Paper from '@mui/material/Paper';
import { LoadedHelpContacts } from '@/components/help/HelpContacts';
import { PageContainer } from '@/components/PageContainer';
import { usePageTitle } from '@/components/page-title';

/** /help (spec part 2, 'Help'): the practice's HelpDesk, 'Contact Us' and "We're Social", from GET /api/help. */
export default function HelpPage() {
  usePageTitle('Help');
  return (
    <PageContainer>
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
        <LoadedHelpContacts />
      </Paper>
    </PageContainer>
  );
}
