import Alert from '@mui/material/Alert';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { FullScreenSpinner } from '@/components/FullScreenSpinner';
import { PageContainer } from '@/components/PageContainer';
import { usePageTitle } from '@/components/page-title';
import { APP_NAME, APP_VERSION } from '@/lib/constants';
import { useAcknowledgments } from '../api/get-acknowledgments';

/** /acknowledgments: the open-source packages the app ships, with their licences. */
export default function AcknowledgmentsPage() {
  usePageTitle('Acknowledgments');
  const { data, isPending, error } = useAcknowledgments();
  return (
    <PageContainer>
      <Typography gutterBottom>
        {APP_NAME} {APP_VERSION} is built with these open-source packages. Thank you to their authors.
      </Typography>
      {isPending && <FullScreenSpinner />}
      {error && <Alert severity="error">{error.message}</Alert>}
      {data && (
        <Paper variant="outlined">
          <List aria-label="Open-source packages" data-testid="acknowledgments">
            {data.map((pkg) => (
              <ListItem key={`${pkg.name}@${pkg.version}`} divider>
                <ListItemText
                  primary={
                    pkg.homepage ? (
                      <Link href={pkg.homepage} target="_blank" rel="noopener noreferrer">
                        {pkg.name}
                      </Link>
                    ) : (
                      pkg.name
                    )
                  }
                  secondary={`${pkg.version} · ${pkg.license}`}
                />
              </ListItem>
            ))}
          </List>
        </Paper>
      )}
    </PageContainer>
  );
}
