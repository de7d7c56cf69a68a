import { expect, test, type PatientChart } from './fixtures';
import { PatientArea } from './pages/patient-area';

function displayDate(iso: string | null): string {
  if (!iso) return '';
  const [y, m, d] = iso.split('-');
  return `${m}/${d}/${y}`;
}

test.describe('The patient area at phone width', () => {
  test.use({ viewport: { width: 360, height: 640 }, hasTouch: true, isMobile: true });

  let rich: PatientChart;
  let bare: PatientChart;
  test.beforeEach(async ({ api, loginScreen }) => {
    rich = await api.findPatient((c) => c.insurance.length > 0 && c.contacts.length > 0 && !!c.guarantors.secondary && c.alerts.patient + c.alerts.allergy + c.alerts.account > 0);
    bare = await api.findPatient((c) => c.insurance.length === 0 && c.contacts.length === 0 && !c.guarantors.secondary);
    await loginScreen.goto();
    await loginScreen.loginAsDemo();
  });

  test('the hub: header card 90px collapsed, menu, speed dial, alerts banner', async ({ page }) => {
    const area = new PatientArea(page);
    const p = rich.patient;
    await area.goto(p.patientId);
    await expect(page.getByTestId('toolbar-title')).toHaveText('Patient Home');
    await expect(area.headerCard.getByTestId('patient-display-id')).toHaveText(`ID ${p.displayId}`);
    await expect(area.headerCard.getByTestId('patient-birthdate')).toHaveText(displayDate(p.birthdate ?? null));
    expect((await area.headerCard.boundingBox())?.height).toBe(90);
    await area.headerCard.getByRole('button', { name: 'Show more about the patient' }).click();
    await expect(area.headerCard.getByText('Account Provider')).toBeVisible();
    await expect(area.headerCard.getByText(`${p.accountProvider?.firstName} ${p.accountProvider?.lastName}`)).toBeVisible();
    if (p.phone1?.number) await expect(area.headerCard.getByRole('link', { name: p.phone1.number })).toHaveAttribute('href', `tel:${p.phone1.number.replace(/\D/g, '')}`);
    await area.headerCard.getByRole('button', { name: 'Show less about the patient' }).click();
    await expect.poll(async () => (await area.headerCard.boundingBox())?.height).toBe(90);

    const menu = area.main.getByRole('list', { name: 'Patient menu' }).getByRole('link');
    await expect(menu).toHaveText(['Demographics', 'Insurance & Guarantors', 'Clinical', 'Appointments & Follow-Ups', 'Referrals', 'Billing Order']);
    await expect(area.alertsBanner).toHaveText(/^\d+ (Patient|Account|Allergy)(, (\d+ (Account|Allergy),? )?and \d+ (Account|Allergy))? Alerts?View$/);

    await page.getByRole('button', { name: 'Patient actions' }).click();
    await expect(page.getByRole('menuitem', { name: 'New Patient' })).toBeEnabled();
    await expect(page.getByRole('menuitem', { name: 'New Vitals', exact: true })).toBeEnabled();
    await expect(page.getByRole('menuitem', { name: 'New Order', exact: true })).toBeEnabled();
    await expect(page.getByRole('menuitem', { name: 'New Appointment', exact: true })).toBeEnabled();
    await page.getByRole('menuitem', { name: 'New Patient' }).click();
    await expect(page.getByRole('dialog', { name: 'Create Patient' })).toBeVisible();
    await page.getByRole('dialog', { name: 'Create Patient' }).getByRole('button', { name: 'Cancel' }).click();

    // The 'Patient Search' dialog chooses another patient.
    await area.headerCard.getByRole('button', { name: 'Find another patient' }).click();
    const dialog = page.getByRole('dialog', { name: 'Patient Search' });
    await dialog.getByPlaceholder('Search for a patient...').pressSequentially(bare.patient.lastName.toLowerCase());
    await dialog.getByRole('button', { name: new RegExp(`${bare.patient.lastName}, ${bare.patient.firstName}`) }).first().click();
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(/\/patient_home$/);
    await expect(page.getByTestId('patient-name')).toContainText(bare.patient.lastName);
    await page.goBack();

    // Placeholders of later issues stay titled.
    await area.openMenu('Clinical');
    await expect(page.getByTestId('toolbar-title')).toHaveText('Clinical');
  });

  test('walks every Demographics page of a patient with data', async ({ page }) => {
    const area = new PatientArea(page);
    const p = rich.patient;
    await area.goto(p.patientId);
    await area.openMenu('Demographics');
    await expect(page).toHaveURL(new RegExp(`/patients/${p.patientId}/demographics$`));
    await expect(area.main.getByRole('list', { name: 'Demographics' }).getByRole('link')).toHaveText(['Patient Information', 'Balances', 'Alerts', 'Provider Office & Fee Schedule', 'Emergency Contact'].map((t) => new RegExp(t)));

    await area.openMenu('Patient Information');
    await expect(area.value('First Name')).toHaveText(p.firstName);
    await expect(area.value('Birth Date')).toHaveText(displayDate(p.birthdate ?? null));
    await expect(area.value('Email')).toHaveText(p.email);
    if (p.phone1) await expect(area.main.getByTestId('primary-phone').getByRole('link')).toHaveAttribute('href', /^tel:\d{10}$/);
    await expect(area.main.locator('dt', { hasText: /Provider Id|Office Id/i })).toHaveCount(0);
    await page.goBack();

    await area.openMenu('Balances');
    for (const label of ['Patient', 'Insurance', 'Unapplied', 'Account']) await expect(area.value(label)).toHaveText(/^-?\$[\d,]+\.\d\d$/);
    await page.goBack();

    await area.openMenu('Alerts');
    await expect(area.alertsBanner).toHaveCount(0);
    const groups = { patient: 'Patient Alerts', account: 'Account Alerts', allergy: 'Allergy Alerts' } as const;
    for (const [key, title] of Object.entries(groups) as Array<[keyof typeof groups, string]>) {
      if (rich.alerts[key] > 0) await expect(area.section(title).getByRole('listitem')).toHaveCount(rich.alerts[key]);
      else await expect(area.section(title)).toHaveCount(0);
    }
    await expect(area.main.getByRole('listitem').first()).toContainText(/\d\d\/\d\d\/\d{4}/);
    await page.goBack();

    await area.openMenu('Provider Office & Fee Schedule');
    await expect(area.value('Account Provider')).toHaveText(`${p.accountProvider?.firstName} ${p.accountProvider?.lastName}`);
    await expect(area.value('Office')).toHaveText(p.patientOffice?.name ?? '—');
    await page.goBack();

    await area.openMenu('Emergency Contact');
    await expect(page.getByTestId('emergency-contact')).toHaveCount(rich.contacts.length);
    await expect(area.value('Next of Kin').first()).toHaveText(/^(Yes|No)$/);
  });

  test('walks Insurance & Guarantors of a patient with data', async ({ page }) => {
    const area = new PatientArea(page);
    const p = rich.patient;
    await area.goto(p.patientId, 'insurance_and_guarantors');
    await area.openMenu('Insurance');
    await expect(page.getByTestId('insurance-policy')).toHaveCount(rich.insurance.length);
    for (const label of ['Carrier', 'Plan', 'Start Date', 'End Date', 'Guarantor', 'Subscriber ID', 'Group ID']) {
      await expect(area.value(label, page.getByTestId('insurance-policy').first())).toBeVisible();
    }
    await page.goBack();

    await area.openMenu('Guarantors');
    const { primary, secondary } = rich.guarantors;
    const primaryName = `${primary!.lastName}, ${primary!.firstName}${primary!.middleName ? ` ${primary!.middleName}` : ''}`;
    await expect(page.getByTestId('primary-guarantor')).toHaveText(`${primaryName}Primary Guarantor`);
    await expect(page.getByTestId('secondary-guarantor')).toContainText('Secondary Guarantor');
    await page.getByTestId('secondary-guarantor').click();
    await expect(page).toHaveURL(/guarantors\/secondary$/);
    await expect(area.value('First Name')).toHaveText(secondary!.firstName);
    await expect(area.value('Middle Name')).toHaveText(secondary!.middleName || '—');
    // The same fields as Patient Information minus the spec's four: Maiden Name included.
    await expect(area.value('Maiden Name')).toHaveText(secondary!.maidenName || '—');
    await expect(area.main.locator('dt', { hasText: /Marital Status|Employment|Preferred Language|Relationship/ })).toHaveCount(0);
    await page.goBack();
    await page.getByTestId('primary-guarantor').click();
    await expect(page.getByTestId('toolbar-title')).toHaveText('Primary Guarantor');
    await expect(area.value('Last Name')).toHaveText(primary!.lastName);
  });

  test('shows every empty state', async ({ page }) => {
    const area = new PatientArea(page);
    const id = bare.patient.patientId;
    await area.goto(id, 'demographics/emergency_contact');
    await expect(area.main.getByText('This patient has no emergency contacts listed.')).toBeVisible();
    await area.goto(id, 'insurance_and_guarantors/insurance');
    await expect(area.main.getByText('This Patient Has No Insurance')).toBeVisible();
    await area.goto(id, 'insurance_and_guarantors/guarantors');
    await expect(page.getByTestId('secondary-guarantor')).toHaveText('No Secondary Guarantor');
    await area.goto(id, 'insurance_and_guarantors/guarantors/secondary');
    await expect(area.main.getByText('No Secondary Guarantor')).toBeVisible();
    await page.goto('patients/999999/patient_home');
    await expect(page.getByTestId('no-patient')).toHaveText('No patient was found');
    await expect(page.getByTestId('api-error-message')).toBeHidden();
  });
});
