import MenuIcon from '@mui/icons-material/Menu';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Outlet, useLocation } from 'react-router';
import { useToolbarTitle } from '@/components/page-title';
import { DRAWER_WIDTH } from '@/lib/constants';
import { BackFab } from './BackFab';
import { ErrorBoundary } from './ErrorBoundary';
import { SideNav } from './SideNav';

/** The toolbar's title: the only part of the frame a page's new title redraws. */
function ToolbarTitle() {
  const title = useToolbarTitle();
  return (
    <Typography variant="h6" component="h1" noWrap data-testid="toolbar-title">
      {title}
    </Typography>
  );
}

/**
 * The logged-in frame: toolbar, side navigation (permanent from `md` up, 240px wide,
 * the content gets the rest; a drawer on phones) and the page.
 */
export function AppShell() {
  const [mobileOpen, setMobileOpen] = useState(false);
  // The same function at every render: the navigation (memo) is not drawn again when the drawer closes.
  const closeDrawer = useCallback(() => setMobileOpen(false), []);
  const location = useLocation();
  const theme = useTheme();
  // One navigation in the page: the permanent drawer from `md` up, the temporary one below.
  const desktop = useMediaQuery(theme.breakpoints.up('md'), { noSsr: true });
  // After a navigation, focus moves to the new page so screen readers start reading there.
  const firstPath = useRef(true);
  useEffect(() => {
    if (firstPath.current) {
      firstPath.current = false;
      return;
    }
    document.getElementById('main')?.focus({ preventScroll: true });
    window.scrollTo(0, 0);
  }, [location.pathname]);
  return (
    <Box sx={{ display: 'flex', minHeight: '100dvh' }}>
      <a href="#main" className="skip-link">
        Skip to content
      </a>
      <AppBar
        position="fixed"
        color="primary"
        sx={{ width: { md: `calc(100% - ${DRAWER_WIDTH}px)` }, ml: { md: `${DRAWER_WIDTH}px` } }}
      >
        <Toolbar>
          <IconButton
            color="inherit"
            edge="start"
            aria-label="Open navigation"
            aria-controls="side-navigation"
            aria-expanded={mobileOpen}
            onClick={() => setMobileOpen(true)}
            sx={{ mr: 1, display: { md: 'none' } }}
          >
            <MenuIcon />
          </IconButton>
          <ToolbarTitle />
        </Toolbar>
      </AppBar>
      <Box component="div" sx={{ width: { md: DRAWER_WIDTH }, flexShrink: { md: 0 } }}>
        {desktop ? (
          <Drawer
            variant="permanent"
            open
            sx={{ '& .MuiDrawer-paper': { width: DRAWER_WIDTH, boxSizing: 'border-box' } }}
            data-testid="permanent-drawer"
          >
            <SideNav />
          </Drawer>
        ) : (
          <Drawer
            variant="temporary"
            open={mobileOpen}
            onClose={closeDrawer}
            ModalProps={{ keepMounted: false }}
            sx={{ '& .MuiDrawer-paper': { width: DRAWER_WIDTH, maxWidth: '85vw' } }}
            slotProps={{ paper: { id: 'side-navigation', 'aria-label': 'Navigation' } as object }}
          >
            <SideNav onNavigate={closeDrawer} preloadOnOpen />
          </Drawer>
        )}
      </Box>
      <Box
        component="main"
        id="main"
        tabIndex={-1}
        sx={{ flexGrow: 1, width: { xs: '100%', md: `calc(100% - ${DRAWER_WIDTH}px)` }, minWidth: 0, outline: 'none' }}
      >
        <Toolbar />
        <ErrorBoundary resetKey={location.pathname}>
          <Outlet />
        </ErrorBoundary>
      </Box>
      <BackFab />
    </Box>
  );
}
