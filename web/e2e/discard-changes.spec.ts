import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test, type DemoPatient } from './fixtures';
import { OrderFormDialog } from './pages/orders';
import { PatientArea } from './pages/patient-area';
import { PatientFormDialog } from './pages/patient-form';
import { AppointmentForm } from './pages/schedule';
import { VitalsFormDialog } from './pages/vitals-form';

// Issue 12, item 9: every form dialog (the form kit's FormDialog) asks before typed changes
// are thrown away; a clean form closes at once.

const discardQuestion = (page: Page) => page.getByRole('alertdialog', { name: 'Discard changes?' });

/** Every dialog and backdrop has finished fading in: axe then sees the colours a user sees. */
async function fadesDone(page: Page): Promise<void> {
  await page.waitForFunction(() =>
    Array.from(document.querySelectorAll('.MuiBackdrop-root, .MuiDialog-container')).every((el) => getComputedStyle(el).opacity === '1'),
  );
}

test.describe('Closing a form with typed changes, at phone width', () => {
  test.use({ viewport: { width: 360, height: 640 }, hasTouch: true, isMobile: true });

  let patient: DemoPatient;
  test.beforeEach(async ({ api, loginScreen }) => {
    patient = await api.createPatient({
      firstName: 'Dora',
      lastName: `Discardia${Date.now().toString(36).replace(/\d/g, '')}`,
      accountProviderId: 3,
      officeId: 1,
      feeScheduleId: 1,
      city: 'Salem',
      phone1: { number: '5035550142', type: 2 },
    });
    await loginScreen.goto();
    await loginScreen.loginAsDemo();
  });

  test("New Account: a clean form closes at once; typed changes ask 'Discard changes?' first", async ({ page }) => {
    const form = new PatientFormDialog(page, 'Add Patient in New Account');
    const question = discardQuestion(page);

    await page.getByRole('button', { name: 'New Account' }).click();
    await expect(form.field('Last Name')).toBeVisible();
    await form.dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(form.dialog).toBeHidden();
    await expect(question).toHaveCount(0);

    // Typed and deleted again: nothing to lose.
    await page.getByRole('button', { name: 'New Account' }).click();
    await form.fill('Last Name', 'X');
    await form.fill('Last Name', '');
    await form.dialog.getByRole('button', { name: 'Close' }).click();
    await expect(form.dialog).toBeHidden();
    await expect(question).toHaveCount(0);

    await page.getByRole('button', { name: 'New Account' }).click();
    await form.fill('Last Name', 'Keepme');
    await form.dialog.getByRole('button', { name: 'Close' }).click();
    await expect(question).toBeVisible();
    await expect(question).toContainText('The changes you typed will be lost.');
    await expect(question.getByRole('button', { name: 'Keep Editing' })).toBeFocused();
    await fadesDone(page);
    // The question is checked; what lies under its backdrop is inert and dimmed on purpose.
    const axe = new AxeBuilder({ page }).include('[role="alertdialog"]').withTags(['wcag2a', 'wcag2aa', 'wcag21aa']);
    expect((await axe.analyze()).violations).toEqual([]);
    await question.getByRole('button', { name: 'Keep Editing' }).click();
    await expect(question).toBeHidden();
    await expect(form.field('Last Name')).toHaveValue('Keepme');

    await form.dialog.getByRole('button', { name: 'Cancel' }).click();
    await question.getByRole('button', { name: 'Discard' }).click();
    await expect(form.dialog).toBeHidden();
    // The next opening starts afresh.
    await page.getByRole('button', { name: 'New Account' }).click();
    await expect(form.field('Last Name')).toHaveValue('');
  });

  test('the browser Back closes a clean form, asks for a dirty one, and never leaves the page under it', async ({ page, api }) => {
    const area = new PatientArea(page);
    await area.goto(patient.patientId, 'demographics/patient_information');
    const address = page.url();
    const form = new PatientFormDialog(page, 'Edit Patient');
    const question = discardQuestion(page);

    await area.main.getByRole('button', { name: 'Edit Patient' }).click();
    await expect(form.field('City')).toHaveValue('Salem');
    await page.goBack();
    await expect(form.dialog).toBeHidden();
    await expect(question).toHaveCount(0);
    expect(page.url()).toBe(address);

    await area.main.getByRole('button', { name: 'Edit Patient' }).click();
    await form.fill('City', 'Eugene');
    await page.goBack();
    await expect(question).toBeVisible();
    expect(page.url()).toBe(address);
    await question.getByRole('button', { name: 'Keep Editing' }).click();
    // The form is still there (hidden from assistive technology only while the question was open).
    await expect(form.dialog).toBeVisible();
    await expect(form.field('City')).toHaveValue('Eugene');

    // Back again: asked again; Discard closes the form and leaves the patient as saved.
    await page.goBack();
    await question.getByRole('button', { name: 'Discard' }).click();
    await expect(form.dialog).toBeHidden();
    expect(page.url()).toBe(address);
    await expect(area.value('City')).toHaveText('Salem');
    expect((await api.get<DemoPatient>(`/api/patients/${patient.patientId}`)).city).toBe('Salem');

    // No entry of the dialog is left behind: the next Back leaves the page as usual.
    await page.goBack();
    await expect(page).toHaveURL(/\/app\/dashboard$/);
  });

  test('Save still closes at once; Escape asks, and Escape on the question keeps editing (Create Vitals)', async ({ page }) => {
    const area = new PatientArea(page);
    await area.goto(patient.patientId);
    await page.getByRole('button', { name: 'Patient actions' }).click();
    await page.getByRole('menuitem', { name: 'New Vitals' }).click();
    const form = new VitalsFormDialog(page);
    const question = discardQuestion(page);
    await form.fill({ 'Weight (lbs)': '150' });
    await page.keyboard.press('Escape');
    await expect(question).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(question).toBeHidden();
    await expect(form.field('Weight (lbs)')).toHaveValue('150');
    await form.save.click();
    await expect(form.dialog).toBeHidden();
    await expect(question).toHaveCount(0);
    await expect(page).toHaveURL(/\/clinical\/vitals\/\d+$/);
  });

  test("'Edit Provider, Office, Fee Schedule' and the appointment form ask too", async ({ page }) => {
    const area = new PatientArea(page);
    const question = discardQuestion(page);
    await area.goto(patient.patientId, 'demographics/provider_office_fee');
    await area.main.getByRole('button', { name: 'Edit' }).click();
    const provider = page.getByRole('dialog', { name: 'Edit Provider, Office, Fee Schedule' });
    await provider.getByLabel('Office').selectOption({ index: 0 });
    await provider.getByRole('button', { name: 'Close' }).click();
    await expect(question).toBeVisible();
    await question.getByRole('button', { name: 'Discard' }).click();
    await expect(provider).toBeHidden();

    await area.goto(patient.patientId);
    await page.getByRole('button', { name: 'Patient actions' }).click();
    await page.getByRole('menuitem', { name: 'New Appointment', exact: true }).click();
    const appointment = new AppointmentForm(page);
    await expect(appointment.field('Patient')).not.toHaveValue('');
    await appointment.cancel.click();
    await expect(appointment.dialog).toBeHidden();

    await page.getByRole('button', { name: 'Patient actions' }).click();
    await page.getByRole('menuitem', { name: 'New Appointment', exact: true }).click();
    await appointment.field('Appointment Notes').fill('Bring the X-rays');
    await appointment.dialog.getByRole('button', { name: 'Close' }).click();
    await expect(question).toBeVisible();
    await question.getByRole('button', { name: 'Keep Editing' }).click();
    await expect(appointment.field('Appointment Notes')).toHaveValue('Bring the X-rays');
    await appointment.cancel.click();
    await question.getByRole('button', { name: 'Discard' }).click();
    await expect(appointment.dialog).toBeHidden();
  });
});

test.describe('Closing a form with typed changes, on a desktop', () => {
  test('a click on the backdrop asks too (Edit Order)', async ({ page, api, loginScreen }) => {
    const [order] = await api.orders('statuses=0', 1);
    await loginScreen.goto();
    await loginScreen.loginAsDemo();
    await page.goto(`orders/${order!.ordersId}`);
    await page.getByRole('button', { name: 'Edit Order' }).click();
    const form = new OrderFormDialog(page, 'Edit Order');
    await expect(form.field('Short Description')).toHaveValue(order!.shortDescription);
    await page.mouse.click(5, 5);
    await expect(form.dialog).toBeHidden();

    await page.getByRole('button', { name: 'Edit Order' }).click();
    await form.fill('Short Description', `${order!.shortDescription} (changed)`);
    await page.mouse.click(5, 5);
    const question = discardQuestion(page);
    await expect(question).toBeVisible();
    await question.getByRole('button', { name: 'Discard' }).click();
    await expect(form.dialog).toBeHidden();
    await expect(page.getByText(`${order!.shortDescription} (changed)`)).toHaveCount(0);
  });
});
