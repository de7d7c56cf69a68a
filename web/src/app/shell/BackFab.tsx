import ArrowBack from '@mui/icons-material/ArrowBack';
import Fab from '@mui/material/Fab';
import { useLocation, useNavigate } from 'react-router';
import { useStandalone } from '@/components/use-standalone';
import { DRAWER_WIDTH } from '@/lib/constants';

/**
 * Installed apps have no browser back button: this one appears only in standalone
 * mode, and sits higher on the appointments page (above its bottom bar).
 */
export function BackFab() {
  const standalone = useStandalone();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  if (!standalone) return null;
  const onAppointments = pathname === '/appointments' || pathname.startsWith('/appointments/');
  return (
    <Fab
      size="medium"
      aria-label="Back"
      onClick={() => navigate(-1)}
      sx={{
        position: 'fixed',
        left: { xs: 16, md: DRAWER_WIDTH + 16 },
        bottom: onAppointments ? 88 : 16,
        bgcolor: 'background.paper',
        '&:hover': { bgcolor: 'grey.100' },
      }}
    >
      <ArrowBack />
    </Fab>
  );
}
