import { createTheme } from '@mui/material/styles';
import { BRAND } from '@/lib/constants';

/**
 * Brand colours from the spec (primary #29aae1, secondary #1F6A96), used so that text
 * keeps WCAG AA contrast: white on #29aae1 is 2.6:1 and fails, so surfaces in the
 * primary colour (app bar, main buttons, FABs) carry dark ink (#0D2330, 6.9:1), and
 * text or thin controls on white use the secondary colour (5.9:1 on white).
 */
export const INK = '#0D2330';
const FOCUS_RING = {
  outline: `3px solid ${INK}`,
  outlineOffset: 2,
  boxShadow: '0 0 0 5px #ffffff',
} as const;

export const theme = createTheme({
  palette: {
    primary: { main: BRAND.primary, dark: '#1A86B5', light: '#6CC6EC', contrastText: INK },
    secondary: { main: BRAND.secondary, contrastText: '#ffffff' },
    error: { main: '#B71C1C' },
    // MUI's orange (#ed6c02) and light blue (#0288d1) carry white text at 3.1:1 and 3.9:1 in
    // filled alerts (the toasts). Dark amber #8A4B00 (the 'Now saved' notes' colour) and dark
    // blue #01579B keep white text at 6.8:1 and 7.4:1, and their standard alerts' text stays dark.
    warning: { main: '#8A4B00' },
    info: { main: '#01579B' },
    background: { default: '#f4f7f9', paper: '#ffffff' },
    text: { primary: 'rgba(0, 0, 0, 0.87)', secondary: 'rgba(0, 0, 0, 0.68)' },
  },
  shape: { borderRadius: 8 },
  typography: {
    // The device's own interface font, no web font to download before the first paint: Roboto
    // on Android and ChromeOS, San Francisco on iPhones and Macs, Segoe UI on Windows; Arial's
    // metrics (Liberation Sans) elsewhere, near Roboto's, rather than a wider system-ui default.
    fontFamily: 'Roboto, -apple-system, BlinkMacSystemFont, "Segoe UI", "Noto Sans", "Helvetica Neue", Arial, sans-serif',
    button: { textTransform: 'none', fontWeight: 600 },
  },
  components: {
    MuiCssBaseline: {
      styleOverrides: {
        ':focus-visible': FOCUS_RING,
        // Text fields show focus with their own 2px border in the secondary colour; the ring
        // drawn inside them as well looked like a box within the box.
        '.MuiInputBase-input:focus-visible': { outline: 'none', boxShadow: 'none' },
        '@media (prefers-reduced-motion: reduce)': {
          '*, *::before, *::after': { animationDuration: '1ms !important', transitionDuration: '1ms !important' },
        },
      },
    },
    MuiButtonBase: {
      defaultProps: { disableTouchRipple: false },
      styleOverrides: { root: { '&.Mui-focusVisible': FOCUS_RING } },
    },
    MuiButton: {
      defaultProps: { color: 'secondary' },
      styleOverrides: { root: { minHeight: 44, paddingInline: 16 } },
    },
    MuiIconButton: { styleOverrides: { root: { padding: 10 } } },
    MuiListItemButton: { styleOverrides: { root: { minHeight: 48 } } },
    MuiTextField: { defaultProps: { color: 'secondary', fullWidth: true } },
    MuiSwitch: { defaultProps: { color: 'secondary' } },
    MuiCheckbox: { defaultProps: { color: 'secondary' } },
    MuiRadio: { defaultProps: { color: 'secondary' } },
    MuiLink: { defaultProps: { color: 'secondary', underline: 'always' } },
    MuiCircularProgress: { defaultProps: { color: 'secondary' } },
    MuiFab: { styleOverrides: { root: { '&.Mui-focusVisible': FOCUS_RING } } },
    MuiAppBar: { defaultProps: { elevation: 1 } },
  },
});
