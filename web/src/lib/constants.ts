/** Business constants from spec part 1, section 9. */
export const APP_NAME = 'Pocketchart';
export const APP_VERSION = '0.2.4-0';
/** The client type the login call sends (spec part 1, section 7). */
export const CLIENT_TYPE = 8;
export const TOAST_AUTO_HIDE_MS = 4000;
export const KEEPALIVE_INTERVAL_MS = 30_000;
export const INACTIVITY_COUNTDOWN_SECONDS = 60;
export const DEFAULT_AUTO_LOGOUT_MINUTES = 15;
export const AUTO_LOGOUT_CHOICES = [5, 10, 15, 20, 25, 30] as const;
export const DASHBOARD_ANIMATION_MS = 3000;
export const DRAWER_WIDTH = 240;
export const PHONE_DIGITS = 10;
export const MIN_SEARCH_LENGTH = 2;
export const BRAND = { primary: '#29aae1', secondary: '#1F6A96' } as const;
