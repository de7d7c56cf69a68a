import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test, type ServerApi } from './fixtures';
import { checkLayout } from './layout';

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

type Schemas = import('../src/api/schema').components['schemas'];
type Summary = Schemas['ReferrerSummary'];
type Referrer = Schemas['Referrer'];
type PatientReferral = Schemas['PatientReferral'];
type Help = Schemas['HelpContent'];

async function noViolations(page: Page): Promise<void> {
  expect((await new AxeBuilder({ page }).withTags(TAGS).analyze()).violations).toEqual([]);
}

const nameOf = (r: Pick<Summary, 'type' | 'first' | 'last' | 'company'>) => (r.type === 'organisation' ? r.company : `${r.first} ${r.last}`.trim() || r.company);

/** A person of the demo's referrers with a company, a specialty and an office phone, read through the API. */
async function demoPerson(api: ServerApi): Promise<Referrer> {
  const list = await api.get<Summary[]>('/api/referrers/');
  for (const r of list.filter((s) => s.type === 'person' && s.last && s.company && s.specialty)) {
    const full = await api.get<Referrer>(`/api/referrers/${r.referralId}`);
    if ([full.phone1, full.phone2, full.phone3].some((p) => p.number && p.type !== 2)) return full;
  }
  throw new Error('No demo referrer fits');
}

test.describe('Referrers and referrals at 360x640', () => {
  test.use({ viewport: { width: 360, height: 640 }, hasTouch: true, reducedMotion: 'reduce' });

  test.beforeEach(async ({ loginScreen }) => {
    await loginScreen.goto();
    await loginScreen.loginAsDemo();
  });

  test('search the referrers and open one: header, contact information with tap-to-call, notes', async ({ page, api }) => {
    const wanted = await demoPerson(api);
    const initial = await api.get<Summary[]>('/api/referrers/');

    await page.getByRole('button', { name: 'Open navigation' }).click();
    await page.getByRole('navigation', { name: 'Main' }).filter({ visible: true }).getByRole('link', { name: 'Referrers' }).click();
    await expect(page).toHaveURL(/\/app\/referrals$/);
    const search = page.getByRole('searchbox', { name: 'Search referrers' });
    await expect(search).toHaveAttribute('placeholder', 'Search referrers...');
    const found = page.getByRole('list', { name: 'Referrers found' }).getByRole('link');
    // Before anything is typed: the first referrers by name.
    await expect(found).toHaveCount(initial.length);
    await expect(found.first()).toContainText(nameOf(initial[0]!));
    await noViolations(page);
    await checkLayout(page, 'e2e-referrers');

    await search.pressSequentially(`${wanted.first} ${wanted.last}`, { delay: 20 });
    const hit = found.filter({ hasText: `${wanted.first} ${wanted.last}` }).first();
    await expect(hit).toBeVisible();
    await expect(hit).toContainText(wanted.company);

    // Nothing found, then a whitespace-only keyword resets to the list the page started with.
    await search.fill('zzqxj nothing');
    await expect(page.getByText('No referrers were found.', { exact: true })).toBeVisible();
    await noViolations(page);
    await search.fill('   ');
    await expect(found).toHaveCount(initial.length);
    await expect(found.first()).toContainText(nameOf(initial[0]!));

    await search.fill(wanted.last);
    await found.filter({ hasText: `${wanted.first} ${wanted.last}` }).first().click();
    await expect(page).toHaveURL(new RegExp(`/app/referrals/${wanted.referralId}$`));
    const header = page.getByRole('region', { name: 'Referrer', exact: true });
    await expect(header.getByRole('heading', { name: `${wanted.first} ${wanted.last}` })).toBeVisible();
    await expect(header.getByText('Type', { exact: true })).toBeVisible();
    await expect(header.getByTestId('referrer-type')).toHaveText('Person');
    await expect(header.getByText('Default Specialty', { exact: true })).toBeVisible();
    await expect(header.getByTestId('referrer-specialty')).toHaveText(wanted.specialty);
    await expect(header.getByText('NPI', { exact: true })).toBeVisible();

    const contact = page.getByRole('button', { name: 'Contact Information' });
    await expect(contact).toHaveAttribute('aria-expanded', 'true');
    const phones = [wanted.phone1, wanted.phone2, wanted.phone3].filter((p) => p.number);
    for (const phone of phones) {
      const digits = phone.number.replace(/[^\d+]/g, '');
      if (phone.type === 2) {
        // A fax is read, not called.
        const shown = /^\d{10}$/.test(phone.number) ? `${phone.number.slice(0, 3)}-${phone.number.slice(3, 6)}-${phone.number.slice(6)}` : phone.number;
        await expect(page.getByRole('definition').filter({ hasText: shown })).toBeVisible();
        await expect(page.locator(`a[href^="tel:${digits}"]`)).toHaveCount(0);
      } else {
        await expect(page.locator(`a[href="tel:${digits}${phone.ext ? `,${phone.ext}` : ''}"]`).first()).toBeVisible();
      }
    }
    if (wanted.email) await expect(page.getByRole('link', { name: wanted.email })).toHaveAttribute('href', `mailto:${wanted.email}`);
    if (wanted.address) await expect(page.getByTestId('referrer-address').getByRole('link')).toHaveAttribute('href', /^https:\/\/www\.google\.com\/maps\/search\/\?api=1&query=/);
    if (wanted.website) {
      const site = page.getByTestId('referrer-website').getByRole('link');
      await expect(site).toHaveAttribute('target', '_blank');
      await expect(site).toHaveAttribute('rel', /noopener/);
    }
    await expect(page.getByRole('button', { name: 'Referrer Notes' })).toBeVisible();
    if (!wanted.notes.trim()) await expect(page.getByText('No Referrer Notes', { exact: true })).toBeVisible();
    await noViolations(page);
    await checkLayout(page, 'e2e-referrer');
    // The panel collapses.
    await contact.click();
    await expect(contact).toHaveAttribute('aria-expanded', 'false');

    await page.goto('referrals/987654321');
    await expect(page.getByText('Referral not found', { exact: true })).toBeVisible();
  });

  test("refer a patient: Add Referral from the patient's Referrals, see it in the list, change its status", async ({ page, api }) => {
    const patient = await api.newAdult('Rhea', 'Referral');
    const referrer = await demoPerson(api);
    const name = `${referrer.first} ${referrer.last}`;

    await page.goto(`patients/${patient.patientId}/patient_home`);
    await page.getByRole('main').getByRole('link', { name: 'Referrals' }).click();
    await expect(page).toHaveURL(new RegExp(`/patients/${patient.patientId}/referrals$`));
    await expect(page.getByText('This Patient Has No Referrals', { exact: true })).toBeVisible();
    await noViolations(page);

    await page.getByRole('button', { name: 'Add Referral', exact: true }).click();
    const form = page.getByRole('dialog', { name: 'Add Referral' });
    const picker = form.getByRole('combobox', { name: 'Referrer' });
    await expect(picker).toBeVisible();
    await expect(form.getByLabel('Direction')).toHaveValue('outgoing');
    await expect(form.getByLabel('Status')).toHaveValue('pending');
    await expect(form.getByLabel('Date')).not.toHaveValue('');
    await form.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(form.getByText('Errors were found...')).toBeVisible();
    await expect(form.getByText('Required field')).toHaveCount(2);
    await noViolations(page);

    // Typed but not picked: the field says so.
    await picker.pressSequentially(referrer.last, { delay: 20 });
    await form.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(form.getByText('Choose a value from the list')).toBeVisible();
    // Closing with typed changes asks first.
    await form.getByRole('button', { name: 'Cancel' }).click();
    const discard = page.getByRole('alertdialog', { name: 'Discard changes?' });
    await expect(discard).toBeVisible();
    await discard.getByRole('button', { name: 'Keep Editing' }).click();

    await picker.fill('');
    await picker.pressSequentially(name, { delay: 20 });
    await page.getByRole('listbox').getByRole('option', { name: new RegExp(name) }).first().click();
    await expect(picker).toHaveValue(name);
    await form.getByLabel('Direction').selectOption({ label: 'Referred to' });
    await form.getByLabel('Reason').fill('Evaluate the impacted third molars');
    const shownDate = await form.getByLabel('Date').inputValue();
    await form.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(form).toBeHidden();

    const row = page.getByTestId('patient-referral').filter({ hasText: name });
    await expect(row).toBeVisible();
    await expect(row).toContainText(referrer.company);
    const [y, m, d] = shownDate.split('-');
    await expect(row.getByTestId('referral-when')).toHaveText(`Referred to · ${m}/${d}/${y}`);
    await expect(row.getByTestId('referral-status')).toHaveText('Pending');
    await expect(row).toContainText('Evaluate the impacted third molars');
    await noViolations(page);
    await checkLayout(page, 'e2e-patient-referrals');

    await row.click();
    await expect(page).toHaveURL(new RegExp(`/patients/${patient.patientId}/referrals/\\d+$`));
    await expect(page.getByTestId('referral-direction')).toHaveText('Referred to');
    await expect(page.getByTestId('referral-reason')).toHaveText('Evaluate the impacted third molars');
    await expect(page.getByRole('region', { name: 'Referrer', exact: true }).getByRole('heading', { name })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Contact Information' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Referrer Notes' })).toBeVisible();
    await noViolations(page);
    await checkLayout(page, 'e2e-patient-referral');

    const status = page.getByRole('combobox', { name: 'Change Status' });
    await status.selectOption({ label: 'Completed' });
    await expect(page.getByText('The status was changed.')).toBeVisible();
    await expect(page.getByTestId('referral-status-value')).toHaveText('Completed');
    const [saved] = await api.get<PatientReferral[]>(`/api/patients/${patient.patientId}/referrals`);
    expect(saved!.status).toBe('completed');

    // Another desk cancels it meanwhile: this page's change is refused and shows their status.
    const theirs = await api.call('PATCH', `/api/patients/${patient.patientId}/referrals/${saved!.patientReferralId}`, { status: 'cancelled', version: saved!.version });
    expect(theirs.status).toBe(200);
    await status.selectOption({ label: 'Scheduled' });
    await expect(page.getByTestId('referral-conflict')).toBeVisible();
    await expect(page.getByTestId('referral-status-value')).toHaveText('Cancelled');
    await expect(status).toHaveValue('cancelled');
    await noViolations(page);
    // Now on the newer version: the change goes through.
    await status.selectOption({ label: 'Scheduled' });
    await expect(page.getByTestId('referral-status-value')).toHaveText('Scheduled');

    await page.goto(`patients/${patient.patientId}/referrals/987654321`);
    await expect(page.getByText('Referral not found', { exact: true })).toBeVisible();
  });

  test("the appointment's Referrals page lists the patient's referrals, each leading to it", async ({ page, api }) => {
    const patient = await api.newAdult('Ari', 'Visit');
    const [referrer] = await api.get<Summary[]>('/api/referrers/?search=');
    const made = await api.call('POST', `/api/patients/${patient.patientId}/referrals`, {
      referralId: referrer!.referralId,
      direction: 'incoming',
      date: await api.practiceToday(),
      reason: 'Sent for a cleaning and exam',
      status: 'scheduled',
    });
    expect(made.status).toBe(201);
    const referral = made.body as PatientReferral;
    const today = await api.practiceToday();
    const day = new Date(`${today}T12:00:00Z`);
    // Day 51: after the schedule specs' days 40 to 50, where the demo has nothing either.
    day.setUTCDate(day.getUTCDate() + 51);
    const appointment = await api.createAppointment({ patientId: patient.patientId, start: await api.practiceInstant(day.toISOString().slice(0, 10), 15, 0), length: 30, resourceId: 4 });

    await page.goto(`appointments/${appointment.appointmentId}`);
    await page.getByRole('main').getByRole('link', { name: 'Referrals' }).click();
    await expect(page).toHaveURL(new RegExp(`/appointments/${appointment.appointmentId}/referrals$`));
    const row = page.getByRole('region', { name: 'Referrals', exact: true }).getByTestId('patient-referral');
    await expect(row).toHaveCount(1);
    await expect(row).toContainText(nameOf(referrer!));
    await expect(row.getByTestId('referral-when')).toContainText('Referred by');
    await expect(row).toHaveAttribute('href', `/app/patients/${patient.patientId}/referrals/${referral.patientReferralId}`);
    await noViolations(page);
    await checkLayout(page, 'e2e-appointment-referrals');
    await row.click();
    await expect(page.getByTestId('referral-reason')).toHaveText('Sent for a cleaning and exam');
  });
});

test.describe('Help at 360x640', () => {
  test.use({ viewport: { width: 360, height: 640 }, hasTouch: true, reducedMotion: 'reduce' });

  async function expectHelp(scope: ReturnType<Page['locator']> | Page, help: Help): Promise<void> {
    await expect(scope.getByRole('link', { name: 'HelpDesk' })).toHaveAttribute('href', help.helpDeskUrl);
    await expect(scope.getByRole('heading', { name: 'Contact Us' })).toBeVisible();
    await expect(scope.getByRole('link', { name: help.mainPhone })).toHaveAttribute('href', `tel:${help.mainPhone.replace(/[^\d+]/g, '')}`);
    await expect(scope.getByRole('link', { name: help.supportUsPhone })).toHaveAttribute('href', `tel:${help.supportUsPhone.replace(/[^\d+]/g, '')}`);
    await expect(scope.getByRole('link', { name: help.supportInternationalPhone })).toHaveAttribute('href', `tel:${help.supportInternationalPhone.replace(/[^\d+]/g, '')}`);
    await expect(scope.getByTestId('help-website')).toHaveAttribute('href', help.website);
    const address = scope.getByTestId('help-address');
    await expect(address).toHaveAttribute('href', /^https:\/\/www\.google\.com\/maps\/search\/\?api=1&query=/);
    // The address keeps its line breaks.
    expect(await address.innerText()).toBe(help.address);
    await expect(scope.getByRole('heading', { name: "We're Social" })).toBeVisible();
    for (const s of help.social) await expect(scope.getByRole('link', { name: s.name })).toHaveAttribute('href', s.url);
  }

  test('the login screen shows the help logged out, and /help after the login', async ({ page, loginScreen, request }) => {
    // Public: no token needed.
    const answer = await request.get('/api/help');
    expect(answer.status()).toBe(200);
    const help = (await answer.json()) as Help;

    await loginScreen.goto();
    const links = page.getByRole('navigation', { name: 'Help' });
    await expect(links.getByRole('link', { name: 'HelpDesk' })).toHaveAttribute('href', help.helpDeskUrl);
    await expect(links.getByRole('link', { name: 'HelpDesk' })).toHaveAttribute('rel', /noopener/);
    await page.getByRole('button', { name: 'Having trouble logging in?' }).click();
    const dialog = page.getByRole('dialog', { name: 'Having trouble logging in?' });
    await expectHelp(dialog, help);
    await noViolations(page);
    await checkLayout(page, 'e2e-login-help');
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toBeHidden();

    await loginScreen.loginAsDemo();
    await page.goto('help');
    await expectHelp(page.getByRole('main'), help);
    await noViolations(page);
    await checkLayout(page, 'e2e-help');
  });
});
