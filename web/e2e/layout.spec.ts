import { type Browser, type Locator, type Page } from '@playwright/test';
import { PREFERENCE_DEFAULTS, ServerApi, SHOWCASE_PATIENT, expect, test, type DemoPatient, type PreferenceKey } from './fixtures';
import { checkLayout } from './layout';
import { LoginScreen } from './pages/login-screen';

/**
 * Every page and dialog of the app on a 360x640 phone, installed (standalone: the Back
 * button floats too), each measured by the layout check (e2e/layout.ts) and saved as
 * e2e/screenshots/<name>.png. One test per area; the areas share one logged-in page
 * (a failed area restarts the worker, which logs in again).
 */
test.describe('Layout at 360x640', () => {
  let page: Page;
  let api: ServerApi;
  let long: DemoPatient;
  // About 25 pages and dialogs per area, each measured and photographed.
  test.describe.configure({ timeout: 180_000 });

  async function openPhone(browser: Browser, baseURL: string): Promise<Page> {
    const context = await browser.newContext({
      baseURL,
      viewport: { width: 360, height: 640 },
      hasTouch: true,
      isMobile: true,
      deviceScaleFactor: 2,
      reducedMotion: 'reduce',
      serviceWorkers: 'block',
      locale: 'en-US',
      timezoneId: 'America/New_York',
    });
    // As an installed app: no browser chrome, so the app shows its own Back button.
    await context.addInitScript(() => Object.defineProperty(Navigator.prototype, 'standalone', { get: () => true }));
    const phone = await context.newPage();
    // A step that cannot happen fails in seconds, not at the end of the area's time.
    phone.setDefaultTimeout(15_000);
    return phone;
  }

  test.beforeAll(async ({ browser, server }) => {
    const baseURL = `${server.origin}/app/`;
    api = new ServerApi(server.origin);
    await api.login();
    // A patient whose name, e-mail and phones are long, as real ones can be.
    long = await api.createPatient({
      firstName: 'Maximiliana',
      middle: 'Josephine',
      lastName: 'Vandenberg-Oppenheimer',
      birthdate: '1987-04-12',
      sex: 1,
      streetAddress: '12345 Northwest Cornelius Pass Road',
      suite: 'Apartment 1204',
      city: 'Hillsboro',
      state: 'OR',
      zipCode: '97124',
      country: 'United States of America',
      email: 'maximiliana.vandenberg-oppenheimer@northwestfamilydental.example.com',
      phone1: { number: '5035550142', type: 0 },
      phone2: { number: '5035550143', type: 1 },
      phone3: { number: '5035550144', type: 2 },
      accountProviderId: 3,
      officeId: 1,
      feeScheduleId: 1,
    });
    page = await openPhone(browser, baseURL);
    const login = new LoginScreen(page);
    await login.goto();
    await checkLayout(page, 'login');
    await login.loginAsDemo();
  });

  test.afterAll(async () => {
    for (const [key, value] of Object.entries(PREFERENCE_DEFAULTS) as [PreferenceKey, unknown][]) await api.savePreference(key, value);
    await api.logout();
    await page.context().close();
  });

  /** Moves within the app without reloading it (as a link does), then waits for what the page shows. */
  async function visit(path: string, ready: Locator): Promise<void> {
    await page.evaluate((to) => {
      window.history.pushState(null, '', `/app/${to}`);
      window.dispatchEvent(new PopStateEvent('popstate'));
    }, path);
    await expect(ready).toBeVisible();
    await settled();
  }

  /** No spinner, progress bar or skeleton left. */
  async function settled(): Promise<void> {
    await expect(page.locator('[role="progressbar"]:visible, .MuiSkeleton-root:visible')).toHaveCount(0);
  }

  const main = () => page.getByRole('main');
  const dialog = (name: string | RegExp) => page.getByRole('dialog', { name });

  async function closeDialog(name: string | RegExp): Promise<void> {
    const d = dialog(name);
    await d.getByRole('button', { name: /^(Cancel|Close)$/ }).first().click();
    await expect(d).toBeHidden();
  }

  test('sign-in, dashboard, navigation, search, preferences and help', async () => {
    await visit('dashboard', page.getByTestId('welcome'));
    await expect(page.getByTestId('orders-card-count')).toHaveText(/\d/);
    await checkLayout(page, 'dashboard');

    await page.getByRole('button', { name: 'Open navigation' }).click();
    await expect(page.getByRole('navigation', { name: 'Main' }).filter({ visible: true })).toBeVisible();
    await checkLayout(page, 'navigation');
    await page.keyboard.press('Escape');
    await expect(page.getByRole('navigation', { name: 'Main' }).filter({ visible: true })).toBeHidden();

    await page.getByRole('button', { name: 'New Account' }).click();
    const addPatient = dialog('Add Patient in New Account');
    await expect(addPatient.getByLabel(/^First Name/)).toBeVisible();
    await settled();
    await checkLayout(page, 'add-patient');
    await addPatient.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(addPatient.getByText('Errors were found...')).toBeVisible();
    await checkLayout(page, 'add-patient-errors');
    await closeDialog('Add Patient in New Account');

    const search = main().getByPlaceholder('Search for a patient...');
    await visit('patients', search);
    await checkLayout(page, 'patients');
    await search.pressSequentially('smith', { delay: 20 });
    await expect(main().getByRole('list', { name: 'Patients found' }).getByRole('listitem').first()).toBeVisible();
    await settled();
    await checkLayout(page, 'patients-found');
    // The warning toast: 'Please enter more than 2 characters'.
    await search.fill('s');
    await search.press('Enter');
    await expect(page.getByRole('alert').filter({ hasText: 'Please enter more than 2 characters' })).toBeVisible();
    await checkLayout(page, 'patients-toast-warning');

    await visit('search', main().getByPlaceholder('Search for a patient...'));
    await checkLayout(page, 'search');
    await visit('preferences', page.getByRole('combobox', { name: 'Default View' }));
    await checkLayout(page, 'preferences');
    await visit('help', main().getByRole('link', { name: 'HelpDesk' }));
    await checkLayout(page, 'help');
    await visit('acknowledgments', main().getByRole('list', { name: 'Open-source packages' }).getByRole('listitem').first());
    await checkLayout(page, 'acknowledgments');
    await visit('referrals', main().getByRole('list', { name: 'Referrers found' }).getByRole('link').first());
    await checkLayout(page, 'referrers');
    await main().getByRole('searchbox', { name: 'Search referrers' }).pressSequentially('zzzzqqq', { delay: 20 });
    await expect(main().getByText('No referrers were found.')).toBeVisible();
    await settled();
    await checkLayout(page, 'referrers-none-found');
    const referrers = await api.get<Array<{ referralId: number; type: string }>>('/api/referrers/');
    for (const type of ['person', 'organisation']) {
      const shown = referrers.find((r) => r.type === type);
      if (!shown) continue;
      await visit(`referrals/${shown.referralId}`, main().getByRole('region', { name: 'Referrer', exact: true }));
      await checkLayout(page, `referrer-${type}`);
    }
    await visit('no-such-page', main());
    await checkLayout(page, 'not-found');
  });

  test('the patient area: header, every page and its dialogs', async () => {
    const id = long.patientId;
    const header = page.getByTestId('patient-header-card');

    await visit(`patients/${id}/patient_home`, header);
    await checkLayout(page, 'patient-home');
    // The navigation with the patient's own entries under the name.
    await page.getByRole('button', { name: 'Open navigation' }).click();
    const navigation = page.getByRole('navigation', { name: 'Main' }).filter({ visible: true });
    await expect(navigation.getByRole('link', { name: 'Billing Order' })).toBeVisible();
    await checkLayout(page, 'navigation-with-patient');
    await page.keyboard.press('Escape');
    await expect(navigation).toBeHidden();
    await header.getByRole('button', { name: 'Show more about the patient' }).click();
    await expect(header.getByText('Email')).toBeVisible();
    await checkLayout(page, 'patient-home-header-expanded');
    await page.getByRole('button', { name: 'Patient actions' }).click();
    await expect(page.getByRole('menuitem', { name: 'New Patient' })).toBeVisible();
    await checkLayout(page, 'patient-home-actions');
    await page.getByRole('menuitem', { name: 'New Patient' }).click();
    await expect(dialog('Create Patient').getByLabel(/^First Name/)).toBeVisible();
    await checkLayout(page, 'create-patient');
    await closeDialog('Create Patient');

    for (const [action, title, ready] of [
      ['New Vitals', 'Create Vitals', 'Weight (lbs)'],
      ['New Order', 'New Order', /^Short Description/],
      ['New Appointment', 'New Appointment', /^Appointment Notes/],
    ] as const) {
      await page.getByRole('button', { name: 'Patient actions' }).click();
      await page.getByRole('menuitem', { name: action, exact: true }).click();
      await expect(dialog(title).getByLabel(ready)).toBeVisible();
      await settled();
      await checkLayout(page, `patient-${title.toLowerCase().replace(/ /g, '-')}`);
      await closeDialog(title);
    }

    await header.getByRole('button', { name: 'Find another patient' }).click();
    await expect(dialog('Patient Search').getByPlaceholder('Search for a patient...')).toBeVisible();
    await dialog('Patient Search').getByPlaceholder('Search for a patient...').pressSequentially('smith', { delay: 20 });
    await expect(dialog('Patient Search').getByRole('button', { name: /Smith/ }).first()).toBeVisible();
    await settled();
    await checkLayout(page, 'patient-search-dialog');
    await closeDialog('Patient Search');

    const demographics = `patients/${id}/demographics`;
    await visit(demographics, main().getByRole('link', { name: 'Patient Information', exact: true }));
    await checkLayout(page, 'demographics');
    await visit(`${demographics}/patient_information`, main().getByRole('button', { name: 'Edit Patient', exact: true }));
    await checkLayout(page, 'patient-information');
    await main().getByRole('button', { name: 'Edit Patient', exact: true }).click();
    await expect(dialog('Edit Patient').getByLabel(/^Email/)).toBeVisible();
    await settled();
    await checkLayout(page, 'edit-patient');
    await closeDialog('Edit Patient');
    await visit(`${demographics}/provider_office_fee`, main().getByRole('button', { name: 'Edit', exact: true }));
    await checkLayout(page, 'provider-office-fee');
    await main().getByRole('button', { name: 'Edit', exact: true }).click();
    await expect(dialog('Edit Provider, Office, Fee Schedule').getByRole('button', { name: 'Save' })).toBeVisible();
    await settled();
    await checkLayout(page, 'edit-provider-office-fee');
    await closeDialog('Edit Provider, Office, Fee Schedule');

    // The demo's patients with what the long one lacks: alerts, contacts, insurance, guarantors.
    const full = await api.findPatient((c) => c.insurance.length > 0 && c.guarantors.primary !== null && c.contacts.length > 0);
    const withAlerts = await api.findPatient((c) => c.alerts.patient + c.alerts.account + c.alerts.allergy > 1);
    const other = `patients/${full.patient.patientId}`;
    for (const [path, name, ready] of [
      [`${other}/demographics/balances`, 'balances', main().getByRole('region', { name: 'Balances', exact: true })],
      [`patients/${withAlerts.patient.patientId}/demographics/alerts`, 'alerts', main().getByRole('region', { name: 'Alerts', exact: true })],
      [`${other}/demographics/emergency_contact`, 'emergency-contacts', main().getByRole('region', { name: 'Emergency Contacts', exact: true })],
      [`${other}/insurance_and_guarantors`, 'insurance-and-guarantors', main().getByRole('link', { name: 'Insurance', exact: true })],
      [`${other}/insurance_and_guarantors/insurance`, 'insurance', main().getByRole('region', { name: 'Insurance', exact: true })],
      [`${other}/insurance_and_guarantors/guarantors`, 'guarantors', main().getByRole('region', { name: 'Guarantors', exact: true })],
      [`${other}/insurance_and_guarantors/guarantors/primary`, 'guarantor', main().locator('dt').first()],
    ] as const) {
      await visit(path, ready);
      await checkLayout(page, name);
    }

    const vitals = (await api.call('POST', `/api/patients/${id}/vitals`, { height: 1778, weight: 68039, systolic: 120, diastolic: 80, heartRate: 72, respiratoryRate: 16, temperature: 98.6, sp02: 97.5 })) as { status: number; body: { vitalsId: number } };
    expect(vitals.status).toBe(201);
    await visit(`patients/${id}/clinical/vitals/${vitals.body.vitalsId}`, main().getByText('mmHg'));
    await checkLayout(page, 'vitals');
    // The Clinical board of a patient with chart entries (counts in the titles) and its editor.
    await visit(`patients/${full.patient.patientId}/clinical`, main().getByTestId('clinical-board').getByRole('link').first());
    await checkLayout(page, 'clinical');
    await main().getByRole('button', { name: 'Edit Clinical Widgets', exact: true }).click();
    await expect(dialog('Edit Clinical Widgets').getByRole('button', { name: 'Reset to Default', exact: true })).toBeEnabled();
    await settled();
    await checkLayout(page, 'clinical-edit-widgets');
    await closeDialog('Edit Clinical Widgets');
    await visit(`patients/${id}/referrals`, main().getByText('This Patient Has No Referrals'));
    await checkLayout(page, 'patient-referrals-none');
    await main().getByRole('button', { name: 'Add Referral', exact: true }).click();
    await expect(dialog('Add Referral').getByRole('combobox', { name: 'Referrer' })).toBeVisible();
    await settled();
    await checkLayout(page, 'add-referral');
    await dialog('Add Referral').getByRole('button', { name: 'Save', exact: true }).click();
    await expect(dialog('Add Referral').getByText('Errors were found...')).toBeVisible();
    await checkLayout(page, 'add-referral-errors');
    await closeDialog('Add Referral');
    const [referrer] = await api.get<Array<{ referralId: number }>>('/api/referrers/?search=');
    const referral = await api.call('POST', `/api/patients/${id}/referrals`, {
      referralId: referrer!.referralId,
      direction: 'outgoing',
      date: await api.practiceToday(),
      reason: 'Evaluation of generalized bone loss and a second opinion on the periodontal treatment plan',
      status: 'scheduled',
    });
    expect(referral.status).toBe(201);
    await visit(`patients/${id}/referrals/${(referral.body as { patientReferralId: number }).patientReferralId}`, main().getByRole('region', { name: 'Referrer', exact: true }));
    await checkLayout(page, 'patient-referral');
    await visit(`patients/${id}/referrals`, main().getByTestId('patient-referral').first());
    await checkLayout(page, 'patient-referrals');
    await visit(`patients/${id}/new_charge`, main().getByRole('button', { name: 'Create Order', exact: true }));
    await checkLayout(page, 'billing-order');

    const appointments = `patients/${full.patient.patientId}/appointments`;
    await visit(appointments, main().getByRole('link', { name: 'Patient Appointments', exact: true }));
    await checkLayout(page, 'appointments-and-follow-ups');
    await visit(`${appointments}/patient_appointments`, main().getByRole('button', { name: 'Filter', exact: true }));
    await checkLayout(page, 'patient-appointments');
    await main().getByRole('button', { name: 'Filter', exact: true }).click();
    await dialog('Filter Patient Appointments').getByLabel('Date Range').selectOption({ label: 'Custom Date Range' });
    await expect(dialog('Filter Patient Appointments').getByLabel(/^Start/)).toBeVisible();
    await checkLayout(page, 'filter-patient-appointments');
    await closeDialog('Filter Patient Appointments');
    await visit(`${appointments}/follow-ups`, main().getByRole('region', { name: 'Follow-Ups', exact: true }));
    await checkLayout(page, 'follow-ups');
  });

  test('clinical sections: every section of the showcase patient and an entry of each', async () => {
    test.setTimeout(360_000);
    // The demo's showcase patient has an entry in every chart section.
    const showcase = SHOWCASE_PATIENT;
    const keys = Object.keys(await api.get<Record<string, unknown>>(`/api/patients/patient/${showcase}/clinicalCounts`));
    expect(keys).toHaveLength(28);
    for (const key of keys) {
      const base = `patients/${showcase}/clinical/${key}`;
      await visit(base, main().getByTestId('section-title-bar'));
      await checkLayout(page, `clinical-${key}`);
      const list = await api.get<{ entries: { entryId: number }[] }>(`/api/patients/patient/${showcase}/clinical/${key}`);
      const first = list.entries[0];
      // Vitals open the vitals feature's measurement page (measured above).
      if (!first || key === 'vitals') continue;
      await visit(`${base}/${first.entryId}`, main().getByTestId('entry-heading'));
      if (key === 'attachments') await expect(main().getByTestId('attachment-image')).toBeVisible();
      await checkLayout(page, `clinical-${key}-entry`);
    }
    await visit(`patients/${showcase}/clinical/nothing`, main().getByText('Not a valid clinical route', { exact: true }));
    await checkLayout(page, 'clinical-not-valid-route');
  });

  test('orders: the list to its end, filters, new and edit order, an order', async () => {
    const newOrder = page.getByRole('button', { name: 'New Order' });
    await visit('orders', main().getByTestId('order-row').first());
    // Every page loaded, so the end of the list is the end of the page.
    const end = main().getByTestId('orders-end');
    await expect(async () => {
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      await expect(end).toBeVisible({ timeout: 1000 });
    }).toPass();
    await settled();
    // The list is virtual: rows are measured after they render, and the list's height
    // follows a frame or more later on a busy machine. Check the layout once it has.
    await expect
      .poll(() =>
        page.evaluate(() => {
          const rows = Array.from(document.querySelectorAll('[data-testid=order-row]'));
          const list = rows[0]?.closest('.MuiPaper-root');
          if (!list) return false;
          const bottom = list.getBoundingClientRect().bottom;
          return rows.every((row) => row.getBoundingClientRect().bottom <= bottom + 3);
        }),
      )
      .toBe(true);
    await checkLayout(page, 'orders');

    await main().getByRole('button', { name: /^Filters/ }).click();
    await expect(dialog('Filters').getByRole('combobox', { name: 'Statuses' })).toBeVisible();
    await checkLayout(page, 'orders-filters');
    await closeDialog('Filters');

    await newOrder.click();
    await expect(dialog('Orders').getByRole('button', { name: 'Create Blank Order' })).toBeVisible();
    await checkLayout(page, 'orders-new-order-patient');
    await dialog('Orders').getByRole('button', { name: 'Create Blank Order' }).click();
    const form = dialog('New Order');
    await expect(form.getByLabel(/^Short Description/)).toBeVisible();
    await settled();
    await checkLayout(page, 'new-order');
    await form.getByLabel(/^Assigned To/).selectOption({ label: 'None' });
    await form.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(form.getByText('Errors were found...')).toBeVisible();
    await checkLayout(page, 'new-order-errors');
    await closeDialog('New Order');

    // An order with long texts, notes and status updates.
    const order = await api.createOrder({
      patientId: 2,
      typeId: 100,
      orderStatusId: 1,
      assignedToUserId: api.user!.userId,
      shortDescription: 'Referral to periodontist for evaluation of generalized bone loss',
      longDescription: 'Please send the full-mouth radiographs and the periodontal charting from the last two visits with the referral letter.',
      urgent: true,
      orderNote: 'Called the periodontist office; they asked for the radiographs by e-mail.',
    });
    await visit(`orders/${order.ordersId}`, main().getByRole('button', { name: 'Edit Order', exact: true }));
    await checkLayout(page, 'order');
    await main().getByRole('button', { name: 'Edit Order', exact: true }).click();
    await expect(dialog('Edit Order').getByLabel(/^Short Description/)).toBeVisible();
    await settled();
    await checkLayout(page, 'edit-order');
    await closeDialog('Edit Order');
  });

  test('the schedule: day and list views, filters, calendar, new appointment, an appointment and its pages', async () => {
    const today = await api.practiceToday();
    await visit('appointments', page.getByTestId('schedule-date'));
    await expect(page.getByTestId('day-view').or(page.getByTestId('list-view'))).toBeVisible();
    if (await page.getByTestId('list-view').isVisible()) await page.getByRole('button', { name: 'Day view' }).click();
    await expect(page.getByTestId('day-view').getByRole('button').first()).toBeVisible();
    await settled();
    await checkLayout(page, 'schedule-day');
    await page.getByRole('button', { name: 'List view' }).click();
    await expect(page.getByTestId('list-view')).toBeVisible();
    await settled();
    await checkLayout(page, 'schedule-list');

    await page.getByRole('button', { name: 'Filters' }).click();
    await expect(dialog('Filter Appointments').getByLabel('Order')).toBeVisible();
    await checkLayout(page, 'schedule-filters');
    await closeDialog('Filter Appointments');

    await page.getByTestId('schedule-date').click();
    await expect(dialog('Choose a date')).toBeVisible();
    await checkLayout(page, 'schedule-choose-date');
    await closeDialog('Choose a date');

    // The patient the session has open is offered first.
    await visit(`patients/${long.patientId}/patient_home`, page.getByTestId('patient-header-card'));
    await visit('appointments', page.getByTestId('schedule-date'));
    await page.getByRole('button', { name: 'New Appointment' }).click();
    await expect(dialog('Select a Patient')).toBeVisible();
    await checkLayout(page, 'schedule-select-patient');
    await dialog('Select a Patient').getByTestId('current-patient-card').getByRole('button').click();
    await expect(dialog('New Appointment').getByLabel(/^Appointment Notes/)).toBeVisible();
    await settled();
    await checkLayout(page, 'new-appointment');
    await dialog('New Appointment').getByRole('button', { name: 'Save', exact: true }).click();
    await expect(dialog('New Appointment').getByRole('alert').first()).toBeVisible();
    await checkLayout(page, 'new-appointment-errors');
    await dialog('New Appointment').getByRole('button', { name: 'Cancel' }).click();

    // An appointment today whose patient has a treatment plan, so every page has content.
    let appointmentId = 0;
    for (const a of await api.day(today)) {
      const plans = await api.get<unknown[]>(`/api/scheduling/1/appointment/${a.appointmentId}/treatmentPlans`);
      if (plans.length > 0) {
        appointmentId = a.appointmentId;
        break;
      }
    }
    expect(appointmentId, 'a demo appointment today with a treatment plan').toBeGreaterThan(0);
    const base = `appointments/${appointmentId}`;
    await visit(base, main().getByRole('button', { name: 'Edit Appointment', exact: true }));
    await checkLayout(page, 'appointment');
    await main().getByRole('button', { name: 'Edit Appointment', exact: true }).click();
    await expect(dialog('Edit Appointment').getByLabel(/^Appointment Notes/)).toBeVisible();
    await settled();
    await checkLayout(page, 'edit-appointment');
    await dialog('Edit Appointment').getByRole('button', { name: 'Cancel' }).click();
    for (const [path, ready] of [
      ['last-next', main().getByTestId('last-appointment')],
      ['followups', main().getByRole('region', { name: 'Follow-Ups', exact: true })],
      ['referrals', main().getByRole('region', { name: 'Referrals', exact: true })],
      ['treatments-planned', main().getByTestId('plan-total').first()],
      ['insurance', main().getByRole('region', { name: 'Insurance', exact: true })],
      ['balances', main().getByRole('region', { name: 'Balances', exact: true })],
    ] as const) {
      await visit(`${base}/${path}`, ready);
      await checkLayout(page, `appointment-${path}`);
    }
  });
});
