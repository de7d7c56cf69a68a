import ArrowBack from '@mui/icons-material/ArrowBack';
import Fab from '@mui/material/Fab';
import { useLocation, useNavigate } from 'react-router';
import { useStandalone } from '@/components/use-standalone';
import { DRAWER_WIDTH } from '@/lib/constants';

/**
 * Installed apps have no browser back button: this one appears only in standalone
 * mode, and sits higher on the schedule (above its bottom bar of days). An appointment's
 * own pages (/appointments/{id}) have no such bar: there it sits as low as elsewhere, where
 * the page's bottom padding keeps the last lines clear of it.
 */
export function BackFab() {
  const standalone = useStandalone();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  if (!standalone) return null;
  const onSchedule = pathname === '/appointments' || pathname === '/appointments/';
  return (
    <Fab
      size="medium"
      aria-label="Back"
      onClick={() => navigate(-1)}
      sx={{
        position: 'fixed',
        left: { xs: 16, md: DRAWER_WIDTH + 16 },
        bottom: onSchedule ? 88 : 16,
        bgcolor: 'background.paper',
        '&:hover': { bgcolor: 'grey.100' },
      }}
    >
      <ArrowBack />
    </Fab>
  );
}
