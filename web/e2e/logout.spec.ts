import { expect, test } from './fixtures';

test.describe('Logging out', () => {
  test('clears the browser, revokes the token and says so once', async ({ page, api, loginScreen, shell }) => {
    await loginScreen.goto();
    await loginScreen.loginAsDemo();
    await page.goto('patients/1/patient_home');
    const patientName = (await page.getByTestId('patient-name').textContent()) ?? '';
    expect(patientName).not.toBe('');
    await shell.navigateTo('Preferences');
    const token = await page.evaluate(() => localStorage.getItem('pocketchart.jwt'));
    expect(token).toBeTruthy();
    expect(await page.evaluate(() => sessionStorage.getItem('pocketchart.patientId'))).toBe('1');

    const logoutCall = page.waitForRequest((r) => r.url().endsWith('/api/logout') && r.method() === 'POST');
    await shell.logOut();
    await logoutCall;
    await expect(page).toHaveURL(/\/app\/login$/);
    await expect(loginScreen.sessionMessage).toHaveText('Logged Out Successfully');
    await expect(loginScreen.sessionMessage).not.toHaveClass(/MuiAlert-standardError/);
    // Nothing of the patient is left on screen.
    await expect(page.getByText(patientName)).toHaveCount(0);

    const stored = await page.evaluate(() => ({ local: Object.keys(localStorage), session: Object.keys(sessionStorage) }));
    expect(stored.local.filter((k) => k.startsWith('pocketchart.'))).toEqual([]);
    expect(stored.session.filter((k) => k.startsWith('pocketchart.'))).toEqual([]);

    await expect.poll(() => api.usersStatusWith(token!)).toBe(401);

    // Shown once: gone after a reload.
    await page.reload();
    await expect(loginScreen.logIn).toBeVisible();
    await expect(loginScreen.sessionMessage).toHaveCount(0);
  });

  test('a token the server refuses logs the user out with the unauthorized message', async ({ page, loginScreen, shell }) => {
    await loginScreen.goto();
    await loginScreen.loginAsDemo();
    // The dashboard's own calls are answered first (its 'Orders Open' count).
    await expect(page.getByTestId('orders-card-count')).toHaveText(/\d/);
    const token = await page.evaluate(() => localStorage.getItem('pocketchart.jwt'));
    // Revoke the browser's session behind its back, then let it make a call.
    await page.request.post(new URL('/api/logout', page.url()).toString(), { headers: { jwt: token! } });
    await shell.navigateTo('Preferences');
    await page.reload();
    await expect(page).toHaveURL(/\/app\/login$/);
    await expect(loginScreen.sessionMessage).toHaveText('API Error - Unauthorized Access, Please Log Back In');
    expect(await page.evaluate(() => localStorage.getItem('pocketchart.jwt'))).toBeNull();
  });

  test('an order on screen, its form open: nothing of it stays after logging out', async ({ page, api, loginScreen, shell }) => {
    const [order] = await api.orders('statuses=0', 1);
    await loginScreen.goto();
    await loginScreen.loginAsDemo();
    await page.goto(`orders/${order!.ordersId}`);
    await page.getByRole('button', { name: 'Edit Order' }).click();
    const form = page.getByRole('dialog', { name: 'Edit Order' });
    await expect(form.getByLabel(/^Short Description/)).toHaveValue(order!.shortDescription);
    await form.getByRole('button', { name: 'Cancel' }).click();
    await shell.logOut();
    await expect(page).toHaveURL(/\/app\/login$/);
    await expect(loginScreen.sessionMessage).toHaveText('Logged Out Successfully');
    await expect(page.getByText(order!.shortDescription)).toHaveCount(0);
    if (order!.patientName) await expect(page.getByText(order!.patientName)).toHaveCount(0);
    const stored = await page.evaluate(() => ({ local: Object.keys(localStorage), session: Object.keys(sessionStorage) }));
    expect(stored.local.filter((k) => k.startsWith('pocketchart.'))).toEqual([]);
    expect(stored.session.filter((k) => k.startsWith('pocketchart.'))).toEqual([]);
  });
});
