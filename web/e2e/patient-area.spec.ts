import AxeBuilder from '@axe-core/playwright';
import { expect, test, type PatientChart, type ServerApi } from './fixtures';
import type { components } from '../src/api/schema';
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
    await expect(area.alertsBanner).toHaveText(/^\d+ (Patient|Account|Allergy)(, (\d+ (Account|Allergy),? )?and \d+ (Account|Allergy))? Alerts?(Severe allerg(y|ies): .+)?View$/);

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

type Allergy = components['schemas']['AllergyAlert'];

/** The first demo patient with a current allergy of `severity` and one of another severity, if any. */
async function patientWithAllergy(api: ServerApi, severity: string, maxId = 200): Promise<{ patientId: number; allergies: Allergy[] }> {
  for (let patientId = 1; patientId <= maxId; patientId += 1) {
    const { status, body } = await api.call('GET', `/api/patients/${patientId}/allergy`);
    if (status !== 200) continue;
    const allergies = body as Allergy[];
    if (allergies.some((a) => a.severity === severity && a.status === 'Active')) return { patientId, allergies };
  }
  throw new Error(`No demo patient with a current ${severity} allergy`);
}

// Issue 12, item 13: a severe allergy stands out (red, an icon and the word), a mild one does not.
test.describe('Severe allergies at phone width', () => {
  test.use({ viewport: { width: 360, height: 640 }, hasTouch: true, isMobile: true });

  test('are named in red with an icon on the banner and the Alerts page; milder ones stay plain', async ({ page, api, loginScreen }) => {
    const { patientId, allergies } = await patientWithAllergy(api, 'Severe');
    const severe = allergies.filter((a) => a.severity === 'Severe' && a.status === 'Active');
    await loginScreen.goto();
    await loginScreen.loginAsDemo();
    const area = new PatientArea(page);
    await area.goto(patientId);

    const line = area.alertsBanner.getByTestId('severe-allergies');
    await expect(line).toHaveText(`${severe.length === 1 ? 'Severe allergy' : 'Severe allergies'}: ${severe.map((a) => a.description).join(', ')}`);
    await expect(area.alertsBanner).toHaveClass(/MuiAlert-colorError/);
    await expect(line).toHaveCSS('color', 'rgb(183, 28, 28)');
    expect((await new AxeBuilder({ page }).include('[data-testid="alerts-banner"]').withTags(['wcag2aa']).analyze()).violations).toEqual([]);

    await area.alertsBanner.getByRole('link', { name: 'View' }).click();
    await expect(page).toHaveURL(/\/demographics\/alerts$/);
    const items = area.section('Allergy Alerts').getByTestId('allergy-alert');
    await expect(items).toHaveCount(allergies.length);
    // Current severe ones first, each with the word 'Severe' in red beside an icon.
    for (const [i, allergy] of severe.entries()) {
      const mark = items.nth(i).getByTestId('allergy-severity');
      await expect(items.nth(i)).toContainText(allergy.description);
      await expect(mark).toHaveText('Severe');
      await expect(mark).toHaveAttribute('data-severity', 'severe');
      await expect(mark.locator('svg')).toHaveCount(1);
      await expect(mark).toHaveCSS('color', 'rgb(183, 28, 28)');
    }
    for (const allergy of allergies.filter((a) => a.severity !== 'Severe')) {
      const mark = items.filter({ hasText: allergy.description }).getByTestId('allergy-severity');
      await expect(mark).toHaveText(allergy.severity);
      await expect(mark.locator('svg')).toHaveCount(0);
    }
    expect((await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21aa']).analyze()).violations).toEqual([]);
  });

  test('a patient whose allergies are all mild or moderate keeps the plain banner', async ({ page, api, loginScreen }) => {
    let found: number | null = null;
    for (let patientId = 1; patientId <= 200 && found === null; patientId += 1) {
      const { status, body } = await api.call('GET', `/api/patients/${patientId}/allergy`);
      const list = status === 200 ? (body as Allergy[]) : [];
      if (list.length > 0 && list.every((a) => a.severity === 'Mild' || a.severity === 'Moderate')) found = patientId;
    }
    expect(found, 'a demo patient with only mild or moderate allergies').not.toBeNull();
    await loginScreen.goto();
    await loginScreen.loginAsDemo();
    const area = new PatientArea(page);
    await area.goto(found!);
    await expect(area.alertsBanner).toHaveClass(/MuiAlert-colorWarning/);
    await expect(area.alertsBanner.getByTestId('severe-allergies')).toHaveCount(0);
  });
});
