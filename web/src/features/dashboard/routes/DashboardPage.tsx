import AssignmentOutlined from '@mui/icons-material/AssignmentOutlined';
import EventOutlined from '@mui/icons-material/EventOutlined';
import PersonAddAlt1 from '@mui/icons-material/PersonAddAlt1';
import Search from '@mui/icons-material/Search';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Fab from '@mui/material/Fab';
import Grid from '@mui/material/Grid';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { keyframes } from '@mui/material/styles';
import { useState, type ComponentType } from 'react';
import { Link as RouterLink } from 'react-router';
import { usePreferences } from '@/api/preferences/get-preferences';
import { PageContainer } from '@/components/PageContainer';
import { usePageTitle } from '@/components/page-title';
import { displayBirthdate } from '@/lib/dates';
import { listName } from '@/lib/format';
import { useSession } from '@/lib/session';
import { useOpenOrdersCount, useTodaysAppointmentCount } from '../api/counts';
import { useRecentPatients } from '../api/get-recent-patients';
import { CountCard } from '../components/CountCard';
import { DASHBOARD_ANIMATION_MS } from '../lib/constants';

const riseIn = keyframes`
  from { opacity: 0; transform: translateY(16px); }
  to { opacity: 1; transform: none; }
`;

// The first-load animation runs once per page load: four steps filling 3 seconds.
let animatedThisLoad = false;
const STEPS = 4;
const STEP_MS = DASHBOARD_ANIMATION_MS / (STEPS + 1);

function entrance(animate: boolean, step: number) {
  if (!animate) return {};
  return {
    animation: `${riseIn} ${STEP_MS * 2}ms ease-out ${step * STEP_MS}ms both`,
    '@media (prefers-reduced-motion: reduce)': { animation: 'none' },
  };
}

/** The 'Add Patient in New Account' dialog, given by the app (it belongs to the patients feature). */
export type NewAccountDialogComponent = ComponentType<{ open: boolean; onClose: () => void }>;

/** /dashboard (spec part 1, section 2). */
export default function DashboardPage({ NewAccountDialog }: { NewAccountDialog: NewAccountDialogComponent }) {
  usePageTitle(null);
  const { user } = useSession();
  const { recentPatients } = usePreferences();
  const recent = useRecentPatients(recentPatients);
  const appointments = useTodaysAppointmentCount();
  const orders = useOpenOrdersCount();
  const [newAccountOpen, setNewAccountOpen] = useState(false);
  const [animate] = useState(() => {
    const first = !animatedThisLoad;
    animatedThisLoad = true;
    return first;
  });

  return (
    <PageContainer>
      <Typography variant="h5" component="h2" sx={{ mb: 3, ...entrance(animate, 0) }} data-testid="welcome">
        Welcome, {user?.firstName} {user?.lastName}!
      </Typography>
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, sm: 6 }} sx={entrance(animate, 1)}>
          <CountCard title="Appointments Scheduled" to="/appointments" icon={<EventOutlined fontSize="large" />} state={appointments} testId="appointments-card" />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }} sx={entrance(animate, 2)}>
          <CountCard title="Orders Open" to="/orders" icon={<AssignmentOutlined fontSize="large" />} state={orders} testId="orders-card" />
        </Grid>
        <Grid size={12} sx={entrance(animate, 3)}>
          <Card variant="outlined" component="section" aria-labelledby="recent-title" data-testid="recent-card">
            <CardContent>
              <Typography id="recent-title" variant="h6" component="h3" gutterBottom>
                Recently Viewed Patients
              </Typography>
              {recentPatients.length === 0 ? (
                <Typography color="textSecondary" sx={{ py: 1 }}>
                  No recently viewed patients yet. Patients you open appear here.
                </Typography>
              ) : (
                <List disablePadding aria-label="Recently viewed patients">
                  {recent.data
                    ? recent.data.map((p) => (
                        <li key={p.patientId}>
                          <ListItemButton component={RouterLink} to={`/patients/${p.patientId}/patient_home`}>
                            <ListItemText primary={listName(p)} secondary={[displayBirthdate(p.birthday, p.age), `ID ${p.displayId}`].filter(Boolean).join(' · ')} />
                          </ListItemButton>
                        </li>
                      ))
                    : recent.isError
                      ? [
                          <li key="error">
                            <Typography color="textSecondary" sx={{ py: 1 }}>
                              Recently viewed patients could not be loaded.
                            </Typography>
                          </li>,
                        ]
                      : recentPatients.map((patientId) => (
                        <li key={patientId} aria-hidden>
                          <Skeleton variant="text" height={48} />
                        </li>
                      ))}
                </List>
              )}
              <Box sx={{ mt: 2 }}>
                <Button component={RouterLink} to="/patients" variant="outlined" startIcon={<Search />}>
                  Search for Patient
                </Button>
              </Box>
            </CardContent>
          </Card>
        </Grid>
      </Grid>
      <Fab
        variant="extended"
        color="primary"
        onClick={() => setNewAccountOpen(true)}
        sx={{ position: 'fixed', right: 16, bottom: 16 }}
      >
        <PersonAddAlt1 sx={{ mr: 1 }} />
        New Account
      </Fab>
      <NewAccountDialog open={newAccountOpen} onClose={() => setNewAccountOpen(false)} />
    </PageContainer>
  );
}
