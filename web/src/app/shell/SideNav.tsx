import ExpandLess from '@mui/icons-material/ExpandLess';
import ExpandMore from '@mui/icons-material/ExpandMore';
import Logout from '@mui/icons-material/Logout';
import Box from '@mui/material/Box';
import Collapse from '@mui/material/Collapse';
import Divider from '@mui/material/Divider';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { memo, useEffect, useMemo, useState, type HTMLAttributes } from 'react';
import { Link as RouterLink, useLocation } from 'react-router';
import { usePatient } from '@/api/patients/get-patient';
import { usePreferencesQuery } from '@/api/preferences/get-preferences';
import { Logo } from '@/components/Logo';
import { listName } from '@/lib/format';
import { APP_NAME, APP_VERSION } from '@/lib/constants';
import { useCurrentPatientId } from '@/lib/current-patient';
import { whenIdle } from '@/lib/use-idle';
import { preloadRoute } from '@/lib/route-preload';
import { useSession } from '@/lib/session';
import { logout } from '../session/actions';
import { NAV_ITEMS, isActivePath, patientNavItems, type NavItem } from './nav-items';

/**
 * The schedule's screen and the code that asks for its day, asked for together (not one after the
 * other): what pointing at Schedule and a phone's open drawer both load. Resolves to the latter.
 */
function loadScheduleCode() {
  preloadRoute('schedule');
  return import('@/features/appointments/api/prefetch-schedule');
}

type Intent = Pick<HTMLAttributes<HTMLElement>, 'onPointerDown' | 'onMouseEnter' | 'onFocus'>;

/**
 * One entry of the navigation, drawn again only when it changes (becomes the current page or
 * not): a navigation, or the drawer closing, no longer redraws every entry (issue 17).
 */
const NavLinkItem = memo(function NavLinkItem({ item, active, onNavigate, intent }: { item: NavItem; active: boolean; onNavigate?: () => void; intent?: Intent }) {
  const Icon = item.icon;
  return (
    <li>
      <ListItemButton component={RouterLink} to={item.to} onClick={onNavigate} {...intent} selected={active} aria-current={active ? 'page' : undefined}>
        <ListItemIcon>
          <Icon />
        </ListItemIcon>
        <ListItemText primary={item.label} />
      </ListItemButton>
    </li>
  );
});

/**
 * The side navigation's content (spec part 1, section 2). Drawn again only when its props change
 * (the drawer closing or the toolbar's title does not redraw it), or the page or patient does.
 */
export const SideNav = memo(function SideNav({ onNavigate, preloadOnOpen = false }: { onNavigate?: () => void; preloadOnOpen?: boolean }) {
  const { pathname } = useLocation();
  const { user } = useSession();
  const patientId = useCurrentPatientId();
  // The selected patient's name under Patients (shared cache with the patient area).
  const patient = usePatient(patientId);
  const patientName = patient.data && patient.data.patientId === patientId ? listName(patient.data) : null;
  const [patientsOpen, setPatientsOpen] = useState(true);
  const queryClient = useQueryClient();
  const preferences = usePreferencesQuery().data;
  // Pointing at Schedule (hover, focus, the finger going down) asks for its code and today's day.
  // The asking is itself in the schedule's code, so the navigation (on every page) does not carry it;
  // the screen's code is asked for at once too, not after that chunk has come (two trips in a row).
  const scheduleIntent = useMemo(() => {
    if (!preferences) return undefined;
    const prefetch = () => {
      loadScheduleCode().then((m) => m.prefetchSchedule(queryClient, preferences)).catch(() => undefined);
    };
    return { onPointerDown: prefetch, onMouseEnter: prefetch, onFocus: prefetch };
  }, [queryClient, preferences]);
  // In a phone's drawer, once it has opened and the browser is idle, the schedule's code (the
  // heaviest screen behind these links) and the code that asks for its day are loaded too: a tap on
  // Schedule then draws at once, without waiting on them (issue 17). Never at start: the permanent
  // drawer (wide screens) does not ask for it.
  useEffect(() => {
    if (!preloadOnOpen) return;
    return whenIdle(() => void loadScheduleCode().catch(() => undefined));
  }, [preloadOnOpen]);
  // Selecting a patient opens Patients again.
  const [shownFor, setShownFor] = useState(patientId);
  if (shownFor !== patientId) {
    setShownFor(patientId);
    if (patientId !== null) setPatientsOpen(true);
  }

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', minHeight: '100%' }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, px: 2, minHeight: { xs: 56, sm: 64 } }}>
        <Logo size={32} />
        <Box sx={{ minWidth: 0 }}>
          <Typography sx={{ fontWeight: 600, lineHeight: 1.2 }}>
            {APP_NAME}
          </Typography>
          {user && (
            <Typography variant="body2" color="textSecondary" noWrap data-testid="nav-user">
              {user.firstName} {user.lastName}
            </Typography>
          )}
        </Box>
      </Box>
      <Divider />
      <Box component="nav" aria-label="Main" sx={{ flexGrow: 1 }}>
        <List>
          {NAV_ITEMS.map((item) => {
            const Icon = item.icon;
            const active = isActivePath(pathname, item.to);
            if (item.to === '/patients' && patientId !== null) {
              return (
                <li key={item.to}>
                  <ListItemButton
                    component="button"
                    onClick={() => setPatientsOpen((o) => !o)}
                    aria-expanded={patientsOpen}
                    aria-controls="nav-patient-entries"
                    selected={active && !patientsOpen}
                    sx={{ width: '100%' }}
                  >
                    <ListItemIcon>
                      <Icon />
                    </ListItemIcon>
                    <ListItemText
                      primary={item.label}
                      secondary={patientName}
                      // The whole name, on two lines if need be (a drawer is narrow: one line cut it).
                      slotProps={{ secondary: { 'data-testid': 'nav-patient-name', sx: { overflowWrap: 'break-word' } } as object }}
                    />
                    {patientsOpen ? <ExpandLess aria-hidden /> : <ExpandMore aria-hidden />}
                  </ListItemButton>
                  <Collapse in={patientsOpen} timeout="auto" unmountOnExit id="nav-patient-entries">
                    <List disablePadding aria-label="Patient">
                      {patientNavItems(patientId).map((sub) => {
                        const subActive = isActivePath(pathname, sub.to);
                        return (
                          <li key={sub.to}>
                            <ListItemButton
                              component={RouterLink}
                              to={sub.to}
                              onClick={onNavigate}
                              selected={subActive}
                              aria-current={subActive ? 'page' : undefined}
                              sx={{ pl: 9 }}
                            >
                              <ListItemText primary={sub.label} />
                            </ListItemButton>
                          </li>
                        );
                      })}
                    </List>
                  </Collapse>
                </li>
              );
            }
            return <NavLinkItem key={item.to} item={item} active={active} onNavigate={onNavigate} intent={item.to === '/appointments' ? scheduleIntent : undefined} />;
          })}
          <li>
            <ListItemButton component="button" onClick={logout} sx={{ width: '100%' }}>
              <ListItemIcon>
                <Logout />
              </ListItemIcon>
              <ListItemText primary="Log Out" />
            </ListItemButton>
          </li>
        </List>
      </Box>
      <Divider />
      <Box sx={{ px: 2, pt: 1.5, display: 'flex', flexDirection: 'column', alignItems: 'flex-start' }}>
        <Typography variant="body2" color="textSecondary" data-testid="nav-version">
          Version {APP_VERSION}
        </Typography>
        <Link component={RouterLink} to="/acknowledgments" onClick={onNavigate} variant="body2" sx={{ py: 1.25, display: 'inline-block' }}>
          Acknowledgments
        </Link>
      </Box>
    </Box>
  );
});
