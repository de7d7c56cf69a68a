// The numbers only the dashboard uses (spec part 1, section 9).
export const DASHBOARD_ANIMATION_MS = 3000;
