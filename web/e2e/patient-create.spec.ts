import { expect, test, type DemoPatient } from './fixtures';
import { PatientFormDialog } from './pages/patient-form';
import { PatientSearchScreen } from './pages/patient-search';

test.describe('A new account at phone width', () => {
  test.use({ viewport: { width: 360, height: 640 }, hasTouch: true, isMobile: true });

  test('wrong input is refused field by field, right input lands on the new patient home', async ({ page, api, loginScreen }) => {
    await loginScreen.goto();
    await loginScreen.loginAsDemo();
    const search = new PatientSearchScreen(page);
    await search.goto();
    await search.newAccount.click();
    const form = new PatientFormDialog(page, 'Add Patient in New Account');
    await expect(form.dialog).toBeVisible();
    await expect(form.field('Country')).toHaveValue('United States of America');

    // Nothing filled in: the required fields say so, and the banner shows.
    await form.save.click();
    await expect(form.errorsBanner).toBeVisible();
    await form.expectFieldError('First Name', 'Required field');
    await form.expectFieldError('Last Name', 'Required field');
    await form.expectFieldError('Account Provider', 'Required field');

    // Email and phone are checked when the field is left.
    await form.fillAndLeave('Email', 'not-an-email');
    await form.expectFieldError('Email', 'Invalid email');
    await form.fillAndLeave('Phone 1', '55512');
    await form.expectFieldError('Phone 1', 'Number needs to be 10 digits');

    // A number without a type is refused on submit.
    await form.fill('Phone 2', '5035550199');
    await expect(form.field('Phone 2')).toHaveValue('503-555-0199');
    await form.choose('Phone 2 Type', 'None');
    await form.save.click();
    await form.expectFieldError('Phone 2 Type', 'Phone number requires a phone type');
    await expect(form.errorsBanner).toBeVisible();

    // Right input: trimmed, formatted 3-3-4, the state stored as its code.
    const last = `Quillfeather${Date.now().toString(36).replace(/\d/g, '')}`;
    await form.fill('First Name', '  Zephyrine  ');
    await form.fill('Last Name', last);
    await form.fill('Birth Date', '1991-04-23');
    await form.fillAndLeave('Email', 'zephyrine@example.com');
    await form.expectNoFieldError('Email');
    await form.field('Phone 1').fill('');
    await form.field('Phone 1').pressSequentially('50355501429999');
    await expect(form.field('Phone 1')).toHaveValue('503-555-0142');
    await form.field('Phone 1').blur();
    await form.expectNoFieldError('Phone 1');
    await form.choose('Phone 2 Type', 'Work Phone');
    await form.pick('State', 'ore', 'Oregon (OR)');
    await form.choose('Account Provider', 'Olivia Bennett');
    await form.save.click();

    await expect(page).toHaveURL(/\/app\/patients\/\d+\/patient_home$/);
    await expect(form.dialog).toBeHidden();
    await expect(page.getByTestId('patient-name')).toHaveText(`Zephyrine ${last}`);
    const patientId = Number(/patients\/(\d+)\//.exec(page.url())![1]);
    const saved = await api.get<DemoPatient>(`/api/patients/${patientId}`);
    expect(saved).toMatchObject({ firstName: 'Zephyrine', lastName: last, state: 'OR', email: 'zephyrine@example.com', birthdate: '1991-04-23' });
    expect(saved.phone1).toEqual({ number: '503-555-0142', type: 2 });
    expect(saved.accountProvider?.firstName).toBe('Olivia');
  });

  test('a possible duplicate is listed before anything is created, and can be created anyway', async ({ page, api, loginScreen }) => {
    const existing = await api.get<DemoPatient>('/api/patients/1');
    await loginScreen.goto();
    await loginScreen.loginAsDemo();
    await page.getByRole('button', { name: 'New Account' }).click();
    const form = new PatientFormDialog(page, 'Add Patient in New Account');
    await form.fill('First Name', existing.firstName);
    await form.fill('Last Name', existing.lastName);
    await form.fill('Birth Date', existing.birthdate ?? '');
    await form.choose('Account Provider', 'Marcus Chen');
    await form.save.click();
    const duplicates = page.getByRole('dialog', { name: 'Possible Duplicate Patient' });
    await expect(duplicates).toBeVisible();
    await expect(duplicates.getByRole('link', { name: new RegExp(`${existing.lastName}, ${existing.firstName}`) }).first()).toBeVisible();
    await duplicates.getByRole('button', { name: 'Create Anyway' }).click();
    await expect(page).toHaveURL(/\/app\/patients\/\d+\/patient_home$/);
    expect(page.url()).not.toMatch(new RegExp(`/patients/${existing.patientId}/`));
  });
});

test.describe('New Account on the dashboard (desktop)', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test("opens the real form in 'Add Patient in New Account'", async ({ page, loginScreen }) => {
    await loginScreen.goto();
    await loginScreen.loginAsDemo();
    await page.getByRole('button', { name: 'New Account' }).click();
    const form = new PatientFormDialog(page, 'Add Patient in New Account');
    await expect(form.field('First Name')).toBeVisible();
    await form.dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(form.dialog).toBeHidden();
  });

  test("'Create Patient' from a patient's home adds a member to that patient's account", async ({ page, api, loginScreen }) => {
    const holder = await api.createPatient({
      firstName: 'Greta',
      lastName: `Household${Date.now().toString(36).replace(/\d/g, '')}`,
      accountProviderId: 3,
      officeId: 1,
      feeScheduleId: 1,
      streetAddress: '40 Alder Way',
      city: 'Salem',
      state: 'OR',
      zipCode: '97301',
      phone1: { number: '5035550166', type: 0 },
    });
    await loginScreen.goto();
    await loginScreen.loginAsDemo();
    await page.goto(`patients/${holder.patientId}/patient_home`);
    await page.getByRole('button', { name: 'Patient actions' }).click();
    await page.getByRole('menuitem', { name: 'New Patient' }).click();
    const form = new PatientFormDialog(page, 'Create Patient');
    await expect(form.dialog.getByTestId('joins-account')).toHaveText(`Joins the account of ${holder.lastName}, Greta, who will be the primary guarantor.`);
    await expect(form.field('Street Address')).toHaveValue('40 Alder Way');
    await expect(form.field('City')).toHaveValue('Salem');
    await expect(form.field('Phone 1')).toHaveValue('503-555-0166');
    await form.fill('First Name', 'Pip');
    await form.fill('Last Name', holder.lastName);
    await form.fill('Birth Date', '2015-06-01');
    await form.dialog.getByLabel('Relationship to Primary').selectOption({ label: 'Child' });
    await form.save.click();
    // The page was already the holder's home: wait for the new member's.
    await expect(page).toHaveURL(new RegExp(`/patients/(?!${holder.patientId}/)\\d+/patient_home$`));
    const created = Number(/patients\/(\d+)\//.exec(page.url())![1]);
    expect(created).not.toBe(holder.patientId);
    const member = await api.patient(created);
    expect(member).toMatchObject({ accountId: holder.accountId, primaryGuarantorId: holder.patientId, streetAddress: '40 Alder Way', firstName: 'Pip' });
  });
});
