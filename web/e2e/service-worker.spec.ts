import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import type { Page } from '@playwright/test';
import { startDemoServer, type DemoServer } from './demo-server';
import { expect, test } from './fixtures';
import { LoginScreen } from './pages/login-screen';
import { PatientFormDialog } from './pages/patient-form';

// Issue 17: the installed app starts from its service worker's cache, and a new release is
// offered ('A new version of Pocketchart is ready.'), never while a form holds typed changes.
//
// A release is a new service worker script. To publish one during the test, this spec runs
// its own server over a copy of the built app (the worker's server keeps serving the
// build it was started with): changing the copy's sw.js is what deploying a new build does
// to a phone that has the app installed.

const here = dirname(fileURLToPath(import.meta.url));
const READY = 'A new version of Pocketchart is ready.';

/** The page's service worker has installed and activated (the first visit's work). */
async function installed(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
}

test.describe('The installed app and its updates', () => {
  test.use({ serviceWorkers: 'allow', viewport: { width: 360, height: 640 }, hasTouch: true, isMobile: true });

  let dir = '';
  let web = '';
  let base = '';
  let server: DemoServer | undefined;

  test.beforeAll(async () => {
    const built = process.env.POCKETCHART_E2E_WEB_DIR ? resolve(process.env.POCKETCHART_E2E_WEB_DIR) : resolve(here, '..', 'dist');
    dir = mkdtempSync(join(tmpdir(), 'pocketchart-sw-'));
    web = join(dir, 'web');
    cpSync(built, web, { recursive: true });
    server = await startDemoServer({ webDir: web });
    base = `${server.origin}/app/`;
  });

  test.afterAll(async () => {
    await server?.stop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  test('a second visit takes the page and every script from the service worker', async ({ page, context }) => {
    const login = new LoginScreen(page);
    await page.goto(`${base}login`);
    await expect(login.logIn).toBeVisible();
    await installed(page);

    // From here on: what the page asks for, and what the service worker itself fetches.
    const asked: Array<{ path: string; fromWorker: () => Promise<boolean> }> = [];
    page.on('request', (request) => {
      const path = new URL(request.url()).pathname;
      if (path.startsWith('/app/')) asked.push({ path, fromWorker: async () => (await request.response())?.fromServiceWorker() ?? false });
    });
    const workerFetched: string[] = [];
    context.on('request', (request) => {
      if (request.serviceWorker()) workerFetched.push(new URL(request.url()).pathname);
    });

    await page.reload();
    await expect(login.logIn).toBeVisible();
    await expect(login.username).toBeEditable();

    const paths = asked.map((a) => a.path);
    expect(paths).toContain('/app/login');
    expect(paths.some((p) => /^\/app\/assets\/.+\.js$/.test(p))).toBe(true);
    for (const { path, fromWorker } of asked) expect(await fromWorker(), `${path} from the service worker`).toBe(true);
    // The worker answered from its cache: it went to the network for none of the shell or its scripts.
    expect(workerFetched.filter((p) => p.startsWith('/app/') && p !== '/app/sw.js')).toEqual([]);
  });

  test('a new release is offered once no form holds typed changes, and Reload starts it', async ({ page }) => {
    const login = new LoginScreen(page);
    await page.goto(`${base}login`);
    await installed(page);
    await login.loginAsDemo();
    await page.goto(`${base}patients`);
    await expect(page.getByRole('button', { name: 'New Account' })).toBeVisible();
    // Found by its text: over a form dialog (modal) the notice is shown but left out of the accessibility tree.
    const banner = page.getByText(READY);

    // The form is open with something typed in it when the release arrives.
    const form = new PatientFormDialog(page, 'Add Patient in New Account');
    await page.getByRole('button', { name: 'New Account' }).click();
    await form.fill('Last Name', 'Halfway');

    // Publish a new release: a changed service worker (as every build with a changed file makes),
    // with its compressed copies, which the server sends to browsers that accept them.
    const worker = join(web, 'sw.js');
    const next = Buffer.from(`${readFileSync(worker, 'utf8')}\n// the next release\n`);
    writeFileSync(worker, next);
    writeFileSync(`${worker}.br`, brotliCompressSync(next));
    writeFileSync(`${worker}.gz`, gzipSync(next));
    // The app asks for updates hourly and on each start; here, at once.
    await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.getRegistration();
      await registration?.update();
    });
    await expect.poll(() => page.evaluate(async () => !!(await navigator.serviceWorker.getRegistration())?.waiting)).toBe(true);

    // The new version waits for the form; closing it without its changes lets the notice show.
    await expect(banner).toBeHidden();
    await form.dialog.getByRole('button', { name: 'Close' }).click();
    await page.getByRole('alertdialog', { name: 'Discard changes?' }).getByRole('button', { name: 'Discard' }).click();
    await expect(form.dialog).toBeHidden();
    await expect(banner).toBeVisible();

    // Typing in a form again puts the notice away until the form is done with.
    await page.getByRole('button', { name: 'New Account' }).click();
    await expect(form.field('Last Name')).toBeVisible();
    await expect(banner).toBeVisible();
    await form.fill('Last Name', 'Again');
    await expect(banner).toBeHidden();
    await form.fill('Last Name', '');
    await expect(banner).toBeVisible();
    await form.dialog.getByRole('button', { name: 'Close' }).click();
    await expect(form.dialog).toBeHidden();

    // Reload: the waiting version takes over and the page starts again with it.
    await expect(page.getByRole('status').filter({ hasText: READY })).toBeVisible();
    const reloaded = page.waitForEvent('framenavigated', (frame) => frame === page.mainFrame());
    await page.getByRole('status').filter({ hasText: READY }).getByRole('button', { name: 'Reload' }).click();
    await reloaded;
    await page.waitForLoadState();
    await expect
      .poll(() =>
        page.evaluate(async () => {
          const registration = await navigator.serviceWorker.getRegistration();
          return !!registration && !registration.waiting && registration.active?.state === 'activated' && !!navigator.serviceWorker.controller;
        }),
      )
      .toBe(true);
    await expect(page.getByRole('button', { name: 'New Account' })).toBeVisible();
    await expect(banner).toBeHidden();
  });
});
