import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { OrdersScreen } from './pages/orders';
import { ScheduleScreen } from './pages/schedule';

// Issue 17: on a fresh load of a page after login, the page's own code is asked for while the
// session root and the preload (preferences, users, providers, reference lists: spec part 1,
// section 4) load, not after them. Checked by the order of the network events, not by times.

/** The preload's requests: one per query PreloadGate waits on. */
const PRELOAD = /\/api\/(preferences|users|providers|references\/1\/\w+)$/;

/** What the browser asked for and got, in order: each chunk's request and each preload answer. */
function networkLog(page: Page) {
  const events: string[] = [];
  page.on('request', (request) => {
    const asset = /\/app\/assets\/([^/]+)-[\w-]{8}\.js$/.exec(request.url());
    if (asset) events.push(`chunk ${asset[1]}`);
  });
  page.on('requestfinished', (request) => {
    const path = new URL(request.url()).pathname;
    if (PRELOAD.test(path)) events.push(`preload ${path}`);
  });
  return {
    events,
    /** How many preload answers had arrived when the chunk was first asked for (-1: never asked). */
    preloadDoneBefore(chunk: string): number {
      const at = events.indexOf(`chunk ${chunk}`);
      return at < 0 ? -1 : new Set(events.slice(0, at).filter((e) => e.startsWith('preload '))).size;
    },
    preloadCount(): number {
      return new Set(events.filter((e) => e.startsWith('preload '))).size;
    },
  };
}

test.describe('The first page after login loads its code with the preload', () => {
  test.use({ viewport: { width: 360, height: 640 }, hasTouch: true, isMobile: true });

  test.beforeEach(async ({ loginScreen }) => {
    await loginScreen.goto();
    await loginScreen.loginAsDemo();
  });

  test('orders: its chunk is asked for before the preload has finished', async ({ page }) => {
    const log = networkLog(page);
    const orders = new OrdersScreen(page);
    await orders.goto();
    // The whole preload was asked for and answered (the gate let the page show)...
    expect(log.preloadCount()).toBe(11);
    // ...and the page's chunk was asked for before the last of those answers.
    const done = log.preloadDoneBefore('OrdersRoutes');
    expect(done, log.events.join('\n')).toBeGreaterThanOrEqual(0);
    expect(done, log.events.join('\n')).toBeLessThan(11);
  });

  test('schedule: the route and the day view chunks are asked for before the preload has finished', async ({ page }) => {
    const log = networkLog(page);
    const schedule = new ScheduleScreen(page);
    await schedule.goto();
    await expect(schedule.dayView).toBeVisible();
    expect(log.preloadCount()).toBe(11);
    for (const chunk of ['appointments', 'DayView']) {
      const done = log.preloadDoneBefore(chunk);
      expect(done, `${chunk}\n${log.events.join('\n')}`).toBeGreaterThanOrEqual(0);
      expect(done, `${chunk}\n${log.events.join('\n')}`).toBeLessThan(11);
    }
  });
});
