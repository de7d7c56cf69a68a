import { DEMO, ServerApi, expect, test, type DemoPatient } from './fixtures';
import { PatientArea } from './pages/patient-area';

/** 'Last, First' as the patient area and lists show it. */
const nameOf = (p: DemoPatient) => `${p.lastName}, ${p.firstName}`;

/** Another demo staff member (every demo user's password is 'demo'). */
const OTHER_USER = { username: 'ecarter', password: DEMO.password } as const;

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
    await expect(loginScreen.sessionMessage).not.toHaveClass(/MuiAlert-colorError/);
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

// Issue 12, item 1: the spec clears the last page at logout, so whatever ended the session
// (Log Out, a 401, the inactivity timer), the next login starts at the Default View.
test.describe('The next login after a logout', () => {
  test('the same user lands on the Default View, with nothing of the patient the session ended on', async ({ page, api, loginScreen, shell }) => {
    // Default View 'Patients': an empty search page, so any patient name on screen would be a leak.
    await api.savePreference('defaultView', 3);
    const { patient } = await api.findPatient(() => true);
    await loginScreen.goto();
    await loginScreen.loginAsDemo();
    const area = new PatientArea(page);
    await area.goto(patient.patientId);
    await expect(page.getByTestId('patient-name')).toContainText(patient.lastName);

    await shell.logOut();
    await expect(page).toHaveURL(/\/app\/login$/);
    await loginScreen.loginAsDemo();
    await expect(page).toHaveURL(/\/app\/patients$/);
    expect(page.url()).not.toContain(`/patients/${patient.patientId}`);
    await expect(page.getByPlaceholder('Search for a patient...')).toBeVisible();
    await expect(page.getByTestId('patient-name')).toHaveCount(0);
    await expect(page.getByTestId('nav-patient-name')).toHaveCount(0);
    await expect(page.getByText(nameOf(patient))).toHaveCount(0);

    // Browser Back to the patient's address, then a new login: still the Default View.
    await shell.logOut();
    await page.goBack();
    await expect(page).toHaveURL(/\/app\/login$/);
    await loginScreen.loginAsDemo();
    await expect(page).toHaveURL(/\/app\/patients$/);
  });

  test('another user lands on their own Default View, never on the previous user\'s patient', async ({ page, api, baseURL, loginScreen, shell }) => {
    const other = new ServerApi(new URL(baseURL ?? '').origin);
    await other.login(OTHER_USER.username, OTHER_USER.password);
    await other.savePreference('defaultView', 2);
    try {
      const { patient } = await api.findPatient(() => true);
      await loginScreen.goto();
      await loginScreen.loginAsDemo();
      await new PatientArea(page).goto(patient.patientId, 'demographics');
      await expect(page.getByTestId('patient-name')).toContainText(patient.lastName);

      await shell.logOut();
      await loginScreen.submit(OTHER_USER.username, OTHER_USER.password);
      await expect(page).toHaveURL(/\/app\/orders$/);
      await expect(page.getByTestId('toolbar-title')).toHaveText('Orders');
      await expect(page.getByTestId('patient-name')).toHaveCount(0);
      await expect(page.getByTestId('nav-patient-name')).toHaveCount(0);
      expect(await page.evaluate(() => sessionStorage.getItem('pocketchart.patientId'))).toBeNull();
    } finally {
      await other.savePreference('defaultView', 0);
      await other.logout();
    }
  });

  test('after a 401 ends the session, the next login lands on the Default View', async ({ page, api, loginScreen }) => {
    await api.savePreference('defaultView', 3);
    const { patient } = await api.findPatient(() => true);
    await loginScreen.goto();
    await loginScreen.loginAsDemo();
    const area = new PatientArea(page);
    await area.goto(patient.patientId);
    const token = await page.evaluate(() => localStorage.getItem('pocketchart.jwt'));
    // The session ends on the server; the page learns it at its next call.
    await page.request.post(new URL('/api/logout', page.url()).toString(), { headers: { jwt: token! } });
    await area.openMenu('Demographics');
    await area.openMenu('Balances');
    await expect(page).toHaveURL(/\/app\/login$/);
    // The API Error overlay says why first.
    const overlay = page.getByRole('dialog', { name: 'API Error' });
    await expect(overlay).toBeVisible();
    await overlay.getByRole('button', { name: 'Close' }).last().click();
    await expect(overlay).toBeHidden();
    await loginScreen.loginAsDemo();
    await expect(page).toHaveURL(/\/app\/patients$/);
    await expect(page.getByTestId('patient-name')).toHaveCount(0);
    await expect(page.getByText(nameOf(patient))).toHaveCount(0);
  });
});

