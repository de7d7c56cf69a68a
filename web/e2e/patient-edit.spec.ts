import AxeBuilder from '@axe-core/playwright';
import { expect, test, type DemoPatient } from './fixtures';
import { PatientArea } from './pages/patient-area';
import { PatientFormDialog } from './pages/patient-form';

test.describe('Editing a patient', () => {
  let patient: DemoPatient;
  test.beforeEach(async ({ api, loginScreen }) => {
    patient = await api.createPatient({
      firstName: 'Marisol',
      lastName: `Editson${Date.now().toString(36).replace(/\d/g, '')}`,
      accountProviderId: 3,
      officeId: 1,
      feeScheduleId: 1,
      city: 'Salem',
      phone1: { number: '5035550177', type: 2 },
    });
    await loginScreen.goto();
    await loginScreen.loginAsDemo();
  });

  test.describe('at phone width', () => {
    test.use({ viewport: { width: 360, height: 640 }, hasTouch: true, isMobile: true });

    test("'Edit Patient' changes the record and the page shows it", async ({ page, api }) => {
      const area = new PatientArea(page);
      await area.goto(patient.patientId, 'demographics/patient_information');
      await expect(area.value('City')).toHaveText('Salem');
      await area.main.getByRole('button', { name: 'Edit Patient' }).click();
      const form = new PatientFormDialog(page, 'Edit Patient');
      await expect(form.field('First Name')).toHaveValue('Marisol');
      await expect(form.field('Phone 1')).toHaveValue('503-555-0177');
      await form.fill('Nickname', ' Mari ');
      await form.fill('City', 'Eugene');
      await form.fill('Last Name', '');
      await form.save.click();
      await form.expectFieldError('Last Name', 'Required field');
      await form.fill('Last Name', patient.lastName);
      // A rule only the server knows: its field error shows on the field, not in the API Error overlay.
      await form.fill('Birth Date', '1870-01-01');
      await form.save.click();
      await form.expectFieldError('Birth Date', 'The year must be from 1880 to 2200');
      await expect(form.errorsBanner).toBeVisible();
      await expect(page.getByTestId('api-error-message')).toBeHidden();
      await form.fill('Birth Date', '1980-02-29');
      await form.save.click();
      await expect(form.dialog).toBeHidden();
      await expect(area.value('Birth Date')).toHaveText('02/29/1980');
      await expect(area.value('City')).toHaveText('Eugene');
      await expect(area.value('Nickname')).toHaveText('Mari');
      const saved = await api.get<DemoPatient>(`/api/patients/${patient.patientId}`);
      expect(saved).toMatchObject({ city: 'Eugene', nickname: 'Mari', lastName: patient.lastName });
    });

    test('a save refused because someone else saved the patient meanwhile keeps what was typed and shows their changes', async ({ page, api }) => {
      const area = new PatientArea(page);
      await area.goto(patient.patientId, 'demographics/patient_information');
      await area.main.getByRole('button', { name: 'Edit Patient' }).click();
      const form = new PatientFormDialog(page, 'Edit Patient');
      await expect(form.field('City')).toHaveValue('Salem');
      await form.fill('City', 'Eugene');
      await form.fill('Nickname', 'Mari');

      // Another desk changes the same patient while the form is open.
      await api.updatePatient(patient.patientId, { city: 'Bend', email: 'marisol@example.org' });
      await form.save.click();

      const conflict = form.dialog.getByRole('alert').filter({ hasText: 'Someone else saved changes to this record while you were editing.' });
      await expect(conflict).toBeVisible();
      await expect(conflict).toContainText('Review their changes, then save yours again.');
      await expect(conflict.getByRole('button', { name: 'City' })).toBeVisible();
      await expect(conflict.getByRole('button', { name: 'Email' })).toBeVisible();
      await expect(form.dialog).toBeVisible();
      // What the user typed stays; the other change is shown beside it.
      await expect(form.field('City')).toHaveValue('Eugene');
      await expect(form.field('City')).toHaveAccessibleDescription('Now saved: Bend');
      await expect(form.field('Nickname')).toHaveValue('Mari');
      await form.expectNoFieldError('Nickname');
      // A field the user had not touched takes the saved value, so saving cannot undo it.
      await expect(form.field('Email')).toHaveValue('marisol@example.org');
      await expect(form.field('Email')).toHaveAccessibleDescription('Now saved: marisol@example.org');
      await expect(form.errorsBanner).toBeHidden();
      await expect(page.getByTestId('api-error-message')).toBeHidden();
      const axe = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']).analyze();
      expect(axe.violations).toEqual([]);
      // The alert's link goes to the field.
      await conflict.getByRole('button', { name: 'City' }).click();
      await expect(form.field('City')).toBeFocused();

      // Someone saves once more before the user does: the same again, measured from the last version seen.
      await api.updatePatient(patient.patientId, { suite: 'Apt 4' });
      await form.save.click();
      await expect(form.field('Suite')).toHaveValue('Apt 4');
      await expect(form.field('Suite')).toHaveAccessibleDescription('Now saved: Apt 4');
      await expect(conflict.getByRole('button', { name: 'Suite' })).toBeVisible();
      await expect(form.field('City')).toHaveValue('Eugene');

      // Saving again applies the user's values on top of the record as it now is.
      await form.save.click();
      await expect(form.dialog).toBeHidden();
      await expect(area.value('City')).toHaveText('Eugene');
      await expect(area.value('Nickname')).toHaveText('Mari');
      const saved = await api.get<DemoPatient>(`/api/patients/${patient.patientId}`);
      expect(saved).toMatchObject({ city: 'Eugene', nickname: 'Mari', email: 'marisol@example.org', suite: 'Apt 4', firstName: 'Marisol' });
    });
  });

  test.describe('at desktop width', () => {
    test.use({ viewport: { width: 1280, height: 800 } });

    test("'Edit Provider, Office, Fee Schedule' saves the four choices", async ({ page, api }) => {
      const area = new PatientArea(page);
      await area.goto(patient.patientId, 'demographics/provider_office_fee');
      await expect(area.value('Account Provider')).toHaveText('Olivia Bennett');
      await area.main.getByRole('button', { name: 'Edit' }).click();
      const dialog = page.getByRole('dialog', { name: 'Edit Provider, Office, Fee Schedule' });
      await dialog.getByLabel('Account Provider').selectOption({ label: 'Choose a provider' });
      await dialog.getByRole('button', { name: 'Save' }).click();
      await expect(dialog.getByLabel('Account Provider')).toHaveAccessibleDescription('Required field');
      await dialog.getByLabel('Account Provider').selectOption({ label: 'Priya Raman' });
      await dialog.getByLabel('Patient Provider').selectOption({ label: 'Marcus Chen' });
      await dialog.getByLabel('Office').selectOption({ label: 'Eastside Clinic' });
      await dialog.getByLabel('Fee Schedule').selectOption({ label: 'Aetna PPO' });
      await dialog.getByRole('button', { name: 'Save' }).click();
      await expect(dialog).toBeHidden();
      await expect(area.value('Account Provider')).toHaveText('Priya Raman');
      await expect(area.value('Patient Provider')).toHaveText('Marcus Chen');
      await expect(area.value('Office')).toHaveText('Eastside Clinic');
      await expect(area.value('Fee Schedule')).toHaveText('Aetna PPO');
      // The header card follows.
      await area.headerCard.getByRole('button', { name: 'Show more about the patient' }).click();
      await expect(area.headerCard.getByText('Priya Raman')).toBeVisible();
      const saved = await api.get<DemoPatient>(`/api/patients/${patient.patientId}`);
      expect(saved.patientOffice?.name).toBe('Eastside Clinic');
      expect(saved.feeSchedule?.name).toBe('Aetna PPO');
    });

    test('a provider change refused because someone else saved the patient meanwhile keeps the choice and shows theirs', async ({ page, api }) => {
      const area = new PatientArea(page);
      await area.goto(patient.patientId, 'demographics/provider_office_fee');
      await expect(area.value('Office')).toHaveText('Downtown Clinic');
      await area.main.getByRole('button', { name: 'Edit' }).click();
      const dialog = page.getByRole('dialog', { name: 'Edit Provider, Office, Fee Schedule' });
      await dialog.getByLabel('Patient Provider').selectOption({ label: 'Marcus Chen' });

      // Another desk moves the patient to another office while the dialog is open.
      await api.updatePatient(patient.patientId, { accountProviderId: 3, officeId: 2 });
      await dialog.getByRole('button', { name: 'Save' }).click();

      const conflict = dialog.getByRole('alert').filter({ hasText: 'Someone else saved changes to this record while you were editing.' });
      await expect(conflict).toBeVisible();
      await expect(conflict.getByRole('button', { name: 'Office' })).toBeVisible();
      await expect(dialog.getByLabel('Patient Provider')).toHaveValue('4');
      // The office the user had not touched takes the saved one, so saving cannot undo it.
      await expect(dialog.getByLabel('Office')).toHaveAccessibleDescription('Now saved: Eastside Clinic');
      await expect(dialog.getByLabel('Office').locator('option:checked')).toHaveText('Eastside Clinic');
      await expect(page.getByTestId('api-error-message')).toBeHidden();

      await dialog.getByRole('button', { name: 'Save' }).click();
      await expect(dialog).toBeHidden();
      await expect(area.value('Patient Provider')).toHaveText('Marcus Chen');
      await expect(area.value('Office')).toHaveText('Eastside Clinic');
    });
  });
});
