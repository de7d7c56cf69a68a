import AxeBuilder from '@axe-core/playwright';
import { expect, test } from './fixtures';

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

test.describe('Accessibility (axe)', () => {
  test.use({ reducedMotion: 'reduce' });

  test('the login screen has no violations', async ({ page, loginScreen }) => {
    await loginScreen.goto();
    const result = await new AxeBuilder({ page }).withTags(TAGS).analyze();
    expect(result.violations).toEqual([]);
  });

  test('the login screen with an error message has no violations', async ({ page, loginScreen }) => {
    await loginScreen.goto();
    await loginScreen.submit('ADMIN', 'password');
    await expect(loginScreen.error).toBeVisible();
    const result = await new AxeBuilder({ page }).withTags(TAGS).analyze();
    expect(result.violations).toEqual([]);
  });

  for (const viewport of [
    { width: 360, height: 640 },
    { width: 1280, height: 800 },
  ]) {
    test(`the dashboard has no violations at ${viewport.width}x${viewport.height}`, async ({ page, loginScreen }) => {
      await page.setViewportSize(viewport);
      await loginScreen.goto();
      await loginScreen.loginAsDemo();
      await expect(page.getByTestId('welcome')).toBeVisible();
      const result = await new AxeBuilder({ page }).withTags(TAGS).analyze();
      expect(result.violations).toEqual([]);
    });
  }

  for (const viewport of [
    { width: 360, height: 640 },
    { width: 1280, height: 800 },
  ]) {
    test(`the patient search, patient home and patient form have no violations at ${viewport.width}x${viewport.height}`, async ({ page, loginScreen }) => {
      await page.setViewportSize(viewport);
      await loginScreen.goto();
      await loginScreen.loginAsDemo();
      await page.goto('patients');
      await page.getByPlaceholder('Search for a patient...').pressSequentially('smith');
      await expect(page.getByRole('list', { name: 'Patients found' }).getByRole('listitem').first()).toBeVisible();
      expect((await new AxeBuilder({ page }).withTags(TAGS).analyze()).violations).toEqual([]);

      await page.goto('patients/3/patient_home');
      await expect(page.getByTestId('alerts-banner')).toBeVisible();
      expect((await new AxeBuilder({ page }).withTags(TAGS).analyze()).violations).toEqual([]);
      await page.getByTestId('patient-header-card').getByRole('button', { name: 'Show more about the patient' }).click();
      await page.getByRole('button', { name: 'Patient actions' }).click();
      await expect(page.getByRole('menuitem', { name: 'New Patient' })).toBeVisible();
      expect((await new AxeBuilder({ page }).withTags(TAGS).analyze()).violations).toEqual([]);
      await page.getByRole('menuitem', { name: 'New Patient' }).click();

      const dialog = page.getByRole('dialog', { name: 'Create Patient' });
      await expect(dialog.getByLabel('First Name')).toBeVisible();
      await dialog.getByRole('button', { name: 'Save' }).click();
      await expect(dialog.getByText('Errors were found...')).toBeVisible();
      expect((await new AxeBuilder({ page }).withTags(TAGS).analyze()).violations).toEqual([]);
    });
  }

  test('the patient information page has no violations', async ({ page, loginScreen }) => {
    await loginScreen.goto();
    await loginScreen.loginAsDemo();
    await page.goto('patients/1/demographics/patient_information');
    await expect(page.getByRole('button', { name: 'Edit Patient' })).toBeVisible();
    expect((await new AxeBuilder({ page }).withTags(TAGS).analyze()).violations).toEqual([]);
  });

  for (const viewport of [
    { width: 360, height: 640 },
    { width: 1280, height: 800 },
  ]) {
    test(`the orders list, filters, order form and order page have no violations at ${viewport.width}x${viewport.height}`, async ({ page, loginScreen }) => {
      await page.setViewportSize(viewport);
      await loginScreen.goto();
      await loginScreen.loginAsDemo();
      await page.goto('orders');
      await expect(page.getByTestId('order-row').first()).toBeVisible();
      await expect(page.getByTestId('orders-count-all')).toHaveText(/\d/);
      expect((await new AxeBuilder({ page }).withTags(TAGS).analyze()).violations).toEqual([]);

      await page.getByRole('main').getByRole('button', { name: /^Filters/ }).click();
      await expect(page.getByRole('dialog', { name: 'Filters' }).getByRole('combobox', { name: 'Statuses' })).toBeVisible();
      expect((await new AxeBuilder({ page }).withTags(TAGS).analyze()).violations).toEqual([]);
      await page.getByRole('dialog', { name: 'Filters' }).getByRole('button', { name: 'Cancel' }).click();

      await page.getByRole('button', { name: 'New Order' }).click();
      await expect(page.getByRole('dialog', { name: 'Orders' }).getByRole('button', { name: 'Create Blank Order' })).toBeVisible();
      expect((await new AxeBuilder({ page }).withTags(TAGS).analyze()).violations).toEqual([]);
      await page.getByRole('button', { name: 'Create Blank Order' }).click();
      const form = page.getByRole('dialog', { name: 'New Order' });
      await form.getByLabel(/^Assigned To/).selectOption({ label: 'None' });
      await form.getByRole('button', { name: 'Save' }).click();
      await expect(form.getByText('Errors were found...')).toBeVisible();
      expect((await new AxeBuilder({ page }).withTags(TAGS).analyze()).violations).toEqual([]);
      // Something was changed: closing asks first; the question is accessible too.
      await form.getByRole('button', { name: 'Cancel' }).click();
      const discard = page.getByRole('alertdialog', { name: 'Discard changes?' });
      await expect(discard).toBeVisible();
      expect((await new AxeBuilder({ page }).withTags(TAGS).analyze()).violations).toEqual([]);
      await discard.getByRole('button', { name: 'Discard' }).click();
      await expect(form).toBeHidden();

      await page.getByTestId('order-row').first().click();
      await expect(page.getByRole('button', { name: 'Edit Order' })).toBeVisible();
      expect((await new AxeBuilder({ page }).withTags(TAGS).analyze()).violations).toEqual([]);
    });
  }

  test('the Create Vitals form has no violations, with its errors shown', async ({ page, loginScreen }) => {
    await page.setViewportSize({ width: 360, height: 640 });
    await loginScreen.goto();
    await loginScreen.loginAsDemo();
    await page.goto('patients/3/patient_home');
    await page.getByRole('button', { name: 'Patient actions' }).click();
    await page.getByRole('menuitem', { name: 'New Vitals' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create Vitals' });
    await expect(dialog.getByLabel('Weight (lbs)')).toBeVisible();
    expect((await new AxeBuilder({ page }).withTags(TAGS).analyze()).violations).toEqual([]);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog.getByText('Empty Vitals')).toBeVisible();
    await dialog.getByLabel('Weight (lbs)').fill('5000000');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog.getByText('Errors were found...')).toBeVisible();
    expect((await new AxeBuilder({ page }).withTags(TAGS).analyze()).violations).toEqual([]);
  });

  test('the warning toast has no violations (its text contrast included)', async ({ page, loginScreen }) => {
    await page.setViewportSize({ width: 360, height: 640 });
    await loginScreen.goto();
    await loginScreen.loginAsDemo();
    await page.goto('patients');
    const search = page.getByPlaceholder('Search for a patient...');
    await search.fill('s');
    await search.press('Enter');
    const toast = page.getByRole('alert').filter({ hasText: 'Please enter more than 2 characters' });
    await expect(toast).toBeVisible();
    const result = await new AxeBuilder({ page }).include('.MuiSnackbar-root').withTags(TAGS).analyze();
    expect(result.violations).toEqual([]);
  });

  test('the preferences screen has no violations', async ({ page, loginScreen }) => {
    await loginScreen.goto();
    await loginScreen.loginAsDemo();
    await page.goto('preferences');
    await expect(page.getByRole('combobox', { name: 'Default View' })).toBeVisible();
    const result = await new AxeBuilder({ page }).withTags(TAGS).analyze();
    expect(result.violations).toEqual([]);
  });
});
