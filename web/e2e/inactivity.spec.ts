import { DEMO, expect, test } from './fixtures';
import { LoginScreen } from './pages/login-screen';

test.describe('Inactivity', () => {
  test('warns, counts down 60 seconds, logs out and lets the user log back in', async ({ page, api, loginScreen }) => {
    // autoLogout 5 (the least the server takes): 5 - 1 = 4 quiet minutes, then the 60-second countdown.
    await api.savePreference('autoLogout', 5);
    await page.clock.install();
    await loginScreen.goto();
    await loginScreen.loginAsDemo();
    await expect(page).toHaveURL(/\/app\/dashboard$/);

    const warning = page.getByRole('dialog', { name: 'Are you still there?' });
    await page.clock.fastForward(241_000);
    await expect(warning).toBeVisible();
    await expect(warning.getByRole('button', { name: 'Stay Logged In' })).toBeVisible();

    await page.clock.fastForward(30_000);
    await expect(warning.getByTestId('inactivity-seconds')).toHaveText(/^(2\d|30)$/);
    await warning.getByRole('button', { name: 'Stay Logged In' }).click();
    // The timer restarted: four quiet minutes again, then the countdown from 60.
    await expect(warning).toBeHidden();
    await page.clock.fastForward(241_000);
    await expect(warning).toBeVisible();
    await expect(warning.getByTestId('inactivity-seconds')).toHaveText(/^(5\d|60)$/);

    await page.clock.fastForward(61_000);
    const relogin = page.getByRole('dialog', { name: 'Login' });
    await expect(relogin).toBeVisible();
    await expect(relogin.getByTestId('session-message')).toHaveText('Logged Out Due To Inactivity');
    // Nothing of the session is left on screen or in storage.
    await expect(page.getByRole('navigation', { name: 'Main' })).toHaveCount(0);
    expect(await page.evaluate(() => localStorage.getItem('pocketchart.jwt'))).toBeNull();
    expect(await page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('pocketchart.prefs.')))).toEqual([]);

    // Log back in: the session comes back, at the Default View (the dashboard).
    await api.savePreference('autoLogout', 15);
    const form = new LoginScreen(page, relogin);
    await expect(form.username).toHaveValue('demo');
    await form.password.fill('demo');
    await form.logIn.click();
    await expect(relogin).toBeHidden();
    await expect(page).toHaveURL(/\/app\/dashboard$/);
    await expect(page.getByTestId('welcome')).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('pocketchart.jwt'))).toBeTruthy();
    await expect(warning).toBeHidden();
  });

  test('an order form open at the timeout: the order and its form are gone, nothing is kept', async ({ page, api, loginScreen }) => {
    // autoLogout 5 (the least the server takes): four quiet minutes, then the 60-second countdown.
    await api.savePreference('autoLogout', 5);
    const [order] = await api.orders('statuses=0', 1);
    await page.clock.install();
    await loginScreen.goto();
    await loginScreen.loginAsDemo();
    await page.goto(`orders/${order!.ordersId}`);
    await page.getByRole('button', { name: 'Edit Order' }).click();
    const form = page.getByRole('dialog', { name: 'Edit Order' });
    await expect(form.getByLabel(/^Short Description/)).toHaveValue(order!.shortDescription);

    await page.clock.fastForward(241_000);
    await expect(page.getByRole('dialog', { name: 'Are you still there?' })).toBeVisible();
    await page.clock.fastForward(61_000);
    await expect(page.getByRole('dialog', { name: 'Login' })).toBeVisible();
    await expect(form).toHaveCount(0);
    await expect(page.getByText(order!.shortDescription)).toHaveCount(0);
    expect(await page.evaluate(() => localStorage.getItem('pocketchart.jwt'))).toBeNull();
    expect(await page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('pocketchart.prefs.')))).toEqual([]);
    expect(await page.evaluate(() => Object.keys(sessionStorage).filter((k) => k.startsWith('pocketchart.')))).toEqual([]);
    await api.savePreference('autoLogout', 15);
  });

  test('a patient on screen at the timeout: the re-login starts at the Default View, without the patient', async ({ page, api, loginScreen }) => {
    // autoLogout 5: four quiet minutes, then the 60-second countdown. Default View: Patients (an empty search).
    await api.savePreference('autoLogout', 5);
    await api.savePreference('defaultView', 3);
    const { patient } = await api.findPatient(() => true);
    await page.clock.install();
    await loginScreen.goto();
    await loginScreen.loginAsDemo();
    await page.goto(`patients/${patient.patientId}/patient_home`);
    await expect(page.getByTestId('patient-name')).toContainText(patient.lastName);

    await page.clock.fastForward(241_000);
    await expect(page.getByRole('dialog', { name: 'Are you still there?' })).toBeVisible();
    await page.clock.fastForward(61_000);
    const relogin = page.getByRole('dialog', { name: 'Login' });
    await expect(relogin).toBeVisible();
    // The inactivity logout is a logout: the address no longer names the patient.
    await expect(page).toHaveURL(/\/app\/?$/);
    await expect(page.getByTestId('patient-name')).toHaveCount(0);

    await api.savePreference('autoLogout', 15);
    const form = new LoginScreen(page, relogin);
    // (The page was loaded after the login, so the username typed then is not known.)
    await form.submit(DEMO.username, DEMO.password);
    await expect(relogin).toBeHidden();
    await expect(page).toHaveURL(/\/app\/patients$/);
    await expect(page.getByPlaceholder('Search for a patient...')).toBeVisible();
    await expect(page.getByTestId('patient-name')).toHaveCount(0);
    await expect(page.getByText(`${patient.lastName}, ${patient.firstName}`)).toHaveCount(0);
  });
});
