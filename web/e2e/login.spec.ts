import { DEMO, expect, test } from './fixtures';

test.describe('Logging in', () => {
  test('a wrong password is refused with the catalogue text', async ({ page, loginScreen }) => {
    await loginScreen.goto();
    await loginScreen.submit(DEMO.username, 'not-the-password');
    await expect(loginScreen.error).toHaveText('The Username and/or Password entered is incorrect. Please try again.');
    await expect(page).toHaveURL(/\/app\/login$/);
  });

  test('the default administrator pair is refused without asking the server', async ({ page, loginScreen }) => {
    const loginCalls: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/api/login')) loginCalls.push(r.url());
    });
    await loginScreen.goto();
    await loginScreen.submit('ADMIN', 'Password');
    await expect(loginScreen.error).toHaveText('Admin and password has been disabled from this app.');
    expect(loginCalls).toEqual([]);
  });

  test('an unreachable server is named as the likely cause', async ({ page, loginScreen }) => {
    await page.route('**/api/login', (route) => route.abort('connectionrefused'));
    await loginScreen.goto();
    await loginScreen.submit(DEMO.username, DEMO.password);
    await expect(loginScreen.error).toHaveText('An error occurred, please confirm that the server is running.');
  });

  test('the password travels as its SHA-256 and the demo user reaches the landing page', async ({ page, loginScreen, shell }) => {
    const sent = page.waitForRequest((r) => r.url().endsWith('/api/login') && r.method() === 'POST');
    await loginScreen.goto();
    await expect(page.getByText('Version 0.2.4-0')).toBeVisible();
    await expect(page.getByText(/^© \d{4} /)).toBeVisible();
    await loginScreen.loginAsDemo();
    const body = (await sent).postDataJSON() as { clientType: number; username: string; password: string };
    expect(body).toEqual({
      clientType: 8,
      username: 'demo',
      password: '2a97516c354b68848cdbd8f54a226a0a55b21ed138e207ad6c5cbb9c00aa5aea',
    });
    await expect(page).toHaveURL(/\/app\/dashboard$/);
    await expect(shell.title).toHaveText('Pocketchart');
  });

  test("'Having trouble logging in?' opens the help text", async ({ page, loginScreen }) => {
    await loginScreen.goto();
    await page.getByRole('button', { name: 'Having trouble logging in?' }).click();
    const dialog = page.getByRole('dialog', { name: 'Having trouble logging in?' });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toBeHidden();
  });

  test('without a token every path goes to the login screen', async ({ page }) => {
    for (const path of ['dashboard', 'preferences', 'patients/5/clinical', 'no/such/page']) {
      await page.goto(path);
      await expect(page).toHaveURL(/\/app\/login$/);
    }
  });
});
