import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { recordStatuses, statusesSeen } from './statuses';

const ENTRIES = ['Dashboard', 'Patients', 'Schedule', 'Orders', 'Referrers', 'Preferences', 'Help'];
const PATIENT_ENTRIES = [
  'Patient Home',
  'Demographics',
  'Insurance & Guarantors',
  'Clinical',
  'Appointments & Follow-Ups',
  'Referrals',
  'Billing Order',
  'Search',
];
const TARGETS: Record<string, RegExp> = {
  Dashboard: /\/app\/dashboard$/,
  Patients: /\/app\/patients$/,
  Schedule: /\/app\/appointments$/,
  Orders: /\/app\/orders$/,
  Referrers: /\/app\/referrals$/,
  Preferences: /\/app\/preferences$/,
  Help: /\/app\/help$/,
};

test.describe('Navigation on a phone (360x640)', () => {
  test.use({ viewport: { width: 360, height: 640 }, hasTouch: true, isMobile: true });

  test('the drawer lists every entry, navigates and closes', async ({ page, loginScreen, shell }) => {
    await loginScreen.goto();
    await loginScreen.loginAsDemo();
    await expect(page.getByTestId('permanent-drawer')).toBeHidden();
    for (const label of ENTRIES) {
      await shell.menuButton.click();
      const nav = shell.navigation();
      await expect(nav.getByRole('link')).toHaveText(ENTRIES);
      await expect(nav.getByRole('button', { name: 'Log Out' })).toBeVisible();
      await nav.getByRole('link', { name: label, exact: true }).click();
      await expect(page).toHaveURL(TARGETS[label]!);
      await expect(nav).toBeHidden();
    }
    await shell.menuButton.click();
    await expect(page.getByTestId('nav-version').filter({ visible: true })).toHaveText('Version 0.2.4-0');
    await page.getByRole('link', { name: 'Acknowledgments' }).filter({ visible: true }).click();
    await expect(page).toHaveURL(/\/app\/acknowledgments$/);
    await expect(page.getByTestId('acknowledgments').getByText('react', { exact: true })).toBeVisible();
  });

  test('touch targets in the drawer are at least 44px tall', async ({ loginScreen, shell }) => {
    await loginScreen.goto();
    await loginScreen.loginAsDemo();
    await shell.menuButton.click();
    const items = shell.navigation().locator('a, button');
    for (let i = 0; i < (await items.count()); i += 1) {
      const box = await items.nth(i).boundingBox();
      expect(box?.height ?? 0).toBeGreaterThanOrEqual(44);
    }
  });
});

test.describe('Navigation on a desktop (1280x800)', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('the side navigation is permanent, 240px wide, and the content has the rest', async ({ page, loginScreen, shell }) => {
    await loginScreen.goto();
    await loginScreen.loginAsDemo();
    await expect(shell.menuButton).toBeHidden();
    const nav = shell.navigation();
    await expect(nav.getByRole('link')).toHaveText(ENTRIES);
    const drawer = await page.getByTestId('permanent-drawer').locator('.MuiDrawer-paper').boundingBox();
    expect(drawer?.width).toBe(240);
    const main = await page.locator('main#main').boundingBox();
    expect(main?.x).toBe(240);
    expect(main?.width).toBe(1280 - 240);
    await nav.getByRole('link', { name: 'Preferences' }).click();
    await expect(page).toHaveURL(/\/app\/preferences$/);
    await expect(nav.getByRole('link', { name: 'Preferences' })).toHaveAttribute('aria-current', 'page');
    await expect(shell.title).toHaveText('Preferences');
  });

  test('Patients expands to the patient entries once a patient is selected', async ({ page, loginScreen, shell }) => {
    await loginScreen.goto();
    await loginScreen.loginAsDemo();
    await expect(shell.navigation().getByRole('link', { name: 'Patient Home' })).toHaveCount(0);
    await page.goto('patients/1/patient_home');
    const nav = shell.navigation();
    const patientEntries = nav.getByRole('list', { name: 'Patient' }).getByRole('link');
    await expect(patientEntries).toHaveText(PATIENT_ENTRIES);
    await expect(nav.getByRole('link', { name: 'Patient Home' })).toHaveAttribute('href', '/app/patients/1/patient_home');
    expect(await page.evaluate(() => sessionStorage.getItem('pocketchart.patientId'))).toBe('1');
    await nav.getByRole('link', { name: 'Demographics' }).click();
    await expect(page).toHaveURL(/\/app\/patients\/1\/demographics$/);
    await nav.getByRole('button', { name: 'Patients' }).click();
    await expect(patientEntries).toHaveCount(0);
  });

  test('a non-numeric patient id goes to the patient search', async ({ page, loginScreen }) => {
    await loginScreen.goto();
    await loginScreen.loginAsDemo();
    await page.goto('patients/abc/patient_home');
    await expect(page).toHaveURL(/\/app\/search$/);
  });

  test('the back button appears only when installed (standalone)', async ({ page, loginScreen }) => {
    await loginScreen.goto();
    await loginScreen.loginAsDemo();
    await expect(page.getByRole('button', { name: 'Back' })).toHaveCount(0);
  });

  test('installed, a back button goes back and sits higher on the schedule', async ({ page, loginScreen, shell }) => {
    // Chromium offers no switch for the display mode: answer the standalone query as an installed app would.
    await page.addInitScript(() => {
      const real = window.matchMedia.bind(window);
      window.matchMedia = (query: string) => {
        if (!query.includes('display-mode: standalone')) return real(query);
        return {
          matches: true,
          media: query,
          onchange: null,
          addEventListener: () => undefined,
          removeEventListener: () => undefined,
          addListener: () => undefined,
          removeListener: () => undefined,
          dispatchEvent: () => false,
        } as MediaQueryList;
      };
    });
    await loginScreen.goto();
    await loginScreen.loginAsDemo();
    const back = page.getByRole('button', { name: 'Back' });
    await expect(back).toBeVisible();
    const onDashboard = await back.boundingBox();
    await shell.navigateTo('Schedule');
    await expect(page).toHaveURL(/\/app\/appointments$/);
    // The schedule is a lazily loaded route: the button moves once it is shown.
    await expect(page.getByTestId('schedule-date')).toBeVisible();
    await expect.poll(async () => (await back.boundingBox())!.y).toBeLessThan(onDashboard!.y);
    await back.click();
    await expect(page).toHaveURL(/\/app\/dashboard$/);
  });
});

// Issue 17: a navigation to a page of the navigation whose code has loaded is drawn in the tap's
// own task (not as a transition React works on in slices between frames); a page whose code has
// not loaded yet keeps the current page on screen until it is ready, with no spinner between.
test.describe('Drawing a navigation', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  /** What each click found once React had handled it (the address and the page drawn: the schedule, orders or neither), and the statuses shown. */
  async function watchClicks(page: Page) {
    await page.evaluate(() => {
      const seen: string[] = [];
      (window as unknown as { clicksSeen: string[] }).clicksSeen = seen;
      // Listens on the window, so after React's listener on its root: a microtask queued here runs
      // after the one React flushes a click's updates in, before any later task or frame.
      window.addEventListener('click', () =>
        queueMicrotask(() => {
          const drawn = document.querySelector('[data-testid="schedule-date"]') ? 'schedule' : document.querySelector('[data-testid^="orders-count-"]') ? 'orders' : 'neither';
          seen.push(`${location.pathname} ${drawn}`);
        }),
      );
    });
    await page.evaluate(recordStatuses);
  }

  const clicksSeen = (page: Page) => page.evaluate(() => (window as unknown as { clicksSeen: string[] }).clicksSeen);

  test('a page whose code has loaded is drawn in the tap; one whose code has not keeps the page before, without a spinner', async ({ page, loginScreen, shell }) => {
    await loginScreen.goto();
    await loginScreen.loginAsDemo();
    await expect(page).toHaveURL(/\/app\/dashboard$/);
    await watchClicks(page);

    // Orders' code is not loaded before its first visit: the dashboard stays until it is.
    await shell.navigateTo('Orders');
    await expect(page.getByRole('tab', { name: /^Mine/ })).toBeVisible();
    expect(await clicksSeen(page)).toEqual(['/app/orders neither']);

    // The schedule's first visit: its code may still be loading when the click lands.
    await shell.navigateTo('Schedule');
    await expect(page.getByTestId('schedule-date')).toBeVisible();
    await shell.navigateTo('Dashboard');
    await expect(page).toHaveURL(/\/app\/dashboard$/);
    await expect(page.getByTestId('schedule-date')).toHaveCount(0);

    // Again: its code is there, so the click itself draws it.
    await shell.navigateTo('Schedule');
    await expect(page.getByTestId('schedule-date')).toBeVisible();
    const seen = await clicksSeen(page);
    expect(seen.at(-1)).toBe('/app/appointments schedule');
    expect(await statusesSeen(page)).not.toContain('Loading…');
    // And orders, whose code has loaded since.
    await shell.navigateTo('Orders');
    await expect(page.getByRole('tab', { name: /^Mine/ })).toBeVisible();
    expect((await clicksSeen(page)).at(-1)).toBe('/app/orders orders');
  });
});
