import { expect, test } from './fixtures';
import { PreferencesScreen } from './pages/preferences-screen';

test.describe('Preferences', () => {
  test('each change is saved on the server at once and is still there after a reload', async ({ page, api, loginScreen }) => {
    await loginScreen.goto();
    await loginScreen.loginAsDemo();
    const prefs = new PreferencesScreen(page);
    await prefs.goto();
    await expect(prefs.defaultView).toHaveText('Dashboard');
    await expect(prefs.autoLogout).toHaveText('15 minutes');
    await expect(prefs.toggle('Appointment Colors')).toBeChecked();
    for (const label of ['Diagnosis Codes', 'Modifiers', 'Tooth and Surface']) await expect(prefs.toggle(label)).not.toBeChecked();

    await prefs.choose(prefs.defaultView, 'Orders');
    await prefs.choose(prefs.autoLogout, '30 minutes');
    await prefs.flip('Diagnosis Codes');
    await prefs.flip('Appointment Colors');

    expect(await api.preferences(['defaultView', 'autoLogout', 'allowDx', 'apptColors'])).toEqual({
      defaultView: 2,
      autoLogout: 30,
      allowDx: true,
      apptColors: false,
    });

    await page.reload();
    await expect(prefs.defaultView).toHaveText('Orders');
    await expect(prefs.autoLogout).toHaveText('30 minutes');
    await expect(prefs.toggle('Diagnosis Codes')).toBeChecked();
    await expect(prefs.toggle('Appointment Colors')).not.toBeChecked();
  });

  test('the landing page follows defaultView', async ({ page, api, loginScreen }) => {
    await api.savePreference('defaultView', 3);
    await loginScreen.goto();
    await loginScreen.submit('demo', 'demo');
    await expect(page).toHaveURL(/\/app\/patients$/);
    await page.goto('./');
    await expect(page).toHaveURL(/\/app\/patients$/);
  });
});
