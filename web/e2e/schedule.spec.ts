import AxeBuilder from '@axe-core/playwright';
import { expect, test, type DemoAppointment, type DemoPatient, type ServerApi } from './fixtures';
import { AppointmentForm, ScheduleScreen, chooseCurrentPatient } from './pages/schedule';

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/** yyyy-MM-dd `days` after `day`. */
function addDays(day: string, days: number): string {
  const d = new Date(`${day}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** A day as the bottom bar labels it: 'Tue 11/24'. */
function shortDay(day: string): string {
  const d = new Date(`${day}T12:00:00Z`);
  return `${d.toLocaleDateString('en-US', { weekday: 'short', timeZone: 'UTC' })} ${day.slice(5, 7)}/${day.slice(8, 10)}`;
}

/** yyyy-MM-dd as MM/dd/yyyy. */
const usDate = (day: string) => `${day.slice(5, 7)}/${day.slice(8, 10)}/${day.slice(0, 4)}`;

/** A new patient of the demo practice, named for the test. */
async function newPatient(api: ServerApi, firstName: string): Promise<DemoPatient> {
  return api.createPatient({ firstName, lastName: `Sched${Date.now().toString(36).replace(/\d/g, '')}`, accountProviderId: 3, officeId: 1, feeScheduleId: 1, birthdate: '1985-04-04' });
}

interface Resource {
  resourceId: number;
  name: string;
  providerId: number | null;
}
interface Provider {
  userId: number;
  firstName: string;
  lastName: string;
}

async function setting(api: ServerApi) {
  const [today, resources, providers] = await Promise.all([
    api.practiceToday(),
    api.get<Resource[]>('/api/scheduling/1/resources'),
    api.get<Provider[]>('/api/providers'),
  ]);
  const providerName = (id: number | null | undefined) => {
    const p = providers.find((u) => u.userId === id);
    return p ? `${p.firstName} ${p.lastName}` : 'None';
  };
  return { today, resources, providerName };
}

/** The patient home selects the patient: the schedule then offers them first. */
async function selectPatient(page: import('@playwright/test').Page, patientId: number) {
  await page.goto(`patients/${patientId}/patient_home`);
  await expect(page.getByTestId('patient-header-card')).toBeVisible();
}

/** Opens the form for the current patient with New Appointment on `date` / `resourceId`. */
async function newAppointmentOn(page: import('@playwright/test').Page, date: string, resourceId: number): Promise<AppointmentForm> {
  const schedule = new ScheduleScreen(page);
  await schedule.goto(date, resourceId);
  await schedule.newAppointment.click();
  await chooseCurrentPatient(page);
  const form = new AppointmentForm(page);
  await expect(form.field('Duration (min)')).toHaveValue('30');
  return form;
}

test.describe('Schedule on a desktop', () => {
  test.beforeEach(async ({ loginScreen }) => {
    await loginScreen.goto();
    await loginScreen.loginAsDemo();
  });

  test('books by dragging on the day: the current patient, the provider of the resource, the required type, then the appointment on the day and its page', async ({ page, api }) => {
    const { today, resources, providerName } = await setting(api);
    const day = addDays(today, 40);
    const chair = resources.find((r) => r.resourceId === 2)!;
    const patient = await api.get<DemoPatient>('/api/patients/5');
    await selectPatient(page, patient.patientId);
    const schedule = new ScheduleScreen(page);
    await schedule.goto(day, chair.resourceId);
    await expect(schedule.resources).toHaveValue(String(chair.resourceId));
    await expect(schedule.events()).toHaveCount(0);

    await schedule.drag('10:00', '10:45');
    await chooseCurrentPatient(page);
    const form = new AppointmentForm(page);
    await expect(form.field('Patient')).toHaveValue(new RegExp(`^${patient.lastName}, ${patient.firstName}`));
    await expect(form.field('Appointment Date')).toHaveValue(`${day}T10:00`);
    await expect(form.field('Duration (min)')).toHaveValue('45');
    await expect.poll(() => form.chosen('Resource')).toBe(chair.name);
    // The resource's own provider (provider rule), the default status by name, no default type.
    await expect.poll(() => form.chosen('Appointment Provider')).toBe(providerName(chair.providerId));
    await expect.poll(() => form.chosen('Appointment Status')).toBe('Unconfirmed');
    await form.save.click();
    await expect(form.dialog.getByTestId('form-errors')).toHaveText('Errors were found...');
    await form.expectFieldError('Appointment Type', 'Required field');
    await form.choose('Appointment Type', 'Follow-Up');
    await form.field('Appointment Notes').fill('Dragged on the day view');
    await form.save.click();
    await expect(form.dialog).toBeHidden();

    const booked = (await api.day(day, `resources=${chair.resourceId}`)).find((a) => a.patientId === patient.patientId)!;
    expect(booked).toMatchObject({ appointmentTime: '10:00 AM', length: 45, providerID: chair.providerId, type: 'Follow-Up', status: 'Unconfirmed', notes: 'Dragged on the day view' });
    const event = schedule.event(new RegExp(booked.patientNameDisplay.replace(/[()]/g, '\\$&')));
    await expect(event).toBeVisible();
    await event.click();
    await expect(page).toHaveURL(new RegExp(`/appointments/${booked.appointmentId}$`));
    await expect(page.getByTestId('appointment-time')).toHaveText('10:00 AM (45 min)');
    await expect(page.getByTestId('appointment-resource')).toHaveText(chair.name);
    await expect(page.getByTestId('appointment-patient').getByRole('link')).toHaveAttribute('href', `/app/patients/${patient.patientId}/patient_home`);
  });

  test('an overlap is refused naming the appointment in the way (patient, time, type, status), and the form keeps its values', async ({ page, api }) => {
    const { today } = await setting(api);
    const day = addDays(today, 41);
    const other = await api.createAppointment({ patientId: 6, start: await api.practiceInstant(day, 10, 0), length: 30, resourceId: 3 });
    await selectPatient(page, 5);
    const form = await newAppointmentOn(page, day, 3);
    await form.field('Appointment Date').fill(`${day}T10:15`);
    await form.choose('Appointment Type', 'Consultation');
    expect((await new AxeBuilder({ page }).withTags(TAGS).analyze()).violations).toEqual([]);
    await form.save.click();
    const overlap = page.getByRole('dialog', { name: 'Overlapping Appointments!' });
    await expect(overlap).toContainText("enable 'Allow Appointment Overlaps' in the desktop Scheduling Preferences");
    // Each overlapped appointment is named: patient, time range, status.
    const overlapped = overlap.getByRole('list', { name: 'Overlapping appointments' }).getByRole('listitem');
    await expect(overlapped).toHaveCount(1);
    await expect(overlapped).toContainText(other.patientName);
    await expect(overlapped).toContainText(`10:00 AM – 10:30 AM · ${other.type} · ${other.status}`);
    expect((await new AxeBuilder({ page }).withTags(TAGS).analyze()).violations).toEqual([]);
    await overlap.getByRole('button', { name: 'Ok' }).click();
    await expect(overlap).toBeHidden();
    await expect(form.field('Appointment Date')).toHaveValue(`${day}T10:15`);
    await expect.poll(() => form.chosen('Appointment Type')).toBe('Consultation');
    expect((await api.day(day, 'resources=3')).map((a) => a.appointmentId)).toEqual([other.appointmentId]);

    await form.field('Appointment Date').fill(`${day}T10:30`);
    await form.save.click();
    await expect(form.dialog).toBeHidden();
    expect((await api.day(day, 'resources=3')).map((a) => a.appointmentTime)).toEqual(['10:00 AM', '10:30 AM']);
  });

  test("a 'don't schedule' block-out refuses; a 'confirm scheduling' one asks: Yes books, No discards", async ({ page, api }) => {
    const { today } = await setting(api);
    const zone = await api.practiceZone();
    const time = (iso: string) => new Intl.DateTimeFormat('en-GB', { timeZone: zone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(new Date(iso));
    const dayOf = (iso: string) => new Intl.DateTimeFormat('en-CA', { timeZone: zone }).format(new Date(iso));
    await selectPatient(page, 5);

    const meeting = await api.blockOutWithRule('refuse', today);
    let form = await newAppointmentOn(page, dayOf(meeting.start), meeting.resourceId);
    await form.field('Appointment Date').fill(`${dayOf(meeting.start)}T${time(meeting.start)}`);
    await form.choose('Appointment Type', 'Consultation');
    await form.save.click();
    const refused = page.getByRole('dialog', { name: 'Appointment and Transparency Overlap!' });
    await expect(refused).toContainText("The 'Don't schedule appointments' rule");
    await expect(refused).toContainText(meeting.blockName);
    await refused.getByRole('button', { name: 'Ok' }).click();
    await expect(form.dialog).toBeVisible();
    await form.dialog.getByRole('button', { name: 'Cancel' }).click();
    // What was typed is thrown away only when the user says so.
    await page.getByRole('alertdialog', { name: 'Discard changes?' }).getByRole('button', { name: 'Discard' }).click();
    await expect(form.dialog).toBeHidden();

    const slot = await api.blockOutWithRule('confirm', today);
    const slotDay = dayOf(slot.start);
    const before = await api.day(slotDay, `resources=${slot.resourceId}`);
    form = await newAppointmentOn(page, slotDay, slot.resourceId);
    await form.field('Appointment Date').fill(`${slotDay}T${time(slot.start)}`);
    await form.choose('Appointment Type', 'Emergency');
    await form.save.click();
    let confirm = page.getByRole('dialog', { name: 'Confirm Appointment!' });
    await expect(confirm).toContainText(slot.blockName);
    await confirm.getByRole('button', { name: 'Yes' }).click();
    await expect(confirm).toBeHidden();
    // (Under the confirmation the form is hidden from the accessibility tree: wait for the booking itself.)
    await expect.poll(async () => (await api.day(slotDay, `resources=${slot.resourceId}`)).find((a) => a.start === slot.start)?.pending).toBe(false);
    await expect(page.getByRole('dialog')).toHaveCount(0);
    const afterYes = await api.day(slotDay, `resources=${slot.resourceId}`);
    expect(afterYes.length).toBe(before.length + 1);
    expect(afterYes.find((a) => a.start === slot.start)).toMatchObject({ pending: false, patientId: 5 });

    // The second half hour: held, then No discards it and the form stays open.
    const later = new Date(new Date(slot.start).getTime() + 30 * 60_000).toISOString();
    form = await newAppointmentOn(page, slotDay, slot.resourceId);
    await form.field('Appointment Date').fill(`${slotDay}T${time(later)}`);
    await form.choose('Appointment Type', 'Emergency');
    await form.save.click();
    confirm = page.getByRole('dialog', { name: 'Confirm Appointment!' });
    await confirm.getByRole('button', { name: 'No' }).click();
    await expect(confirm).toBeHidden();
    await expect(form.dialog).toBeVisible();
    await expect.poll(async () => (await api.day(slotDay, `resources=${slot.resourceId}`)).length).toBe(before.length + 1);
  });

  test('switches resources with the dropdown and the arrows; block-outs are drawn but are not buttons', async ({ page, api }) => {
    const { today, resources } = await setting(api);
    const all = await api.day(today);
    const schedule = new ScheduleScreen(page);
    await schedule.goto(today);
    await expect(schedule.dateTitle).toHaveText(/^Today, \d{2}\/\d{2}\/\d{4}$/);
    const first = resources[0]!;
    await expect(schedule.resources).toHaveValue(String(first.resourceId));
    const count = (id: number) => all.filter((a) => a.resourceId === id).length;
    await expect(schedule.events()).toHaveCount(count(first.resourceId));
    await expect(schedule.dayView.getByText('Lunch')).toBeVisible();
    // Appointment colours on (the default): each appointment in its type's colour.
    const rgb = (hex: string) => `rgb(${[1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16)).join(', ')})`;
    const sample = all.find((a) => a.resourceId === first.resourceId)!;
    const sampleEvent = schedule.events().filter({ hasText: sample.patientNameDisplay }).first();
    await expect(sampleEvent).toHaveCSS('background-color', rgb(sample.colors.color1!));

    await page.getByRole('button', { name: 'Next resource' }).click();
    await expect(schedule.resources).toHaveValue(String(resources[1]!.resourceId));
    await expect(schedule.events()).toHaveCount(count(resources[1]!.resourceId));
    await page.getByRole('button', { name: 'Previous resource' }).click();
    await page.getByRole('button', { name: 'Previous resource' }).click();
    const last = resources[resources.length - 1]!;
    await expect(schedule.resources).toHaveValue(String(last.resourceId));
    await schedule.resources.selectOption({ label: resources[2]!.name });
    await expect(page).toHaveURL(new RegExp(`resource=${resources[2]!.resourceId}`));
    await expect(schedule.events()).toHaveCount(count(resources[2]!.resourceId));

    // The bottom bar moves one day at a time; the calendar dialog goes back to today.
    await schedule.days.getByRole('button', { name: /^Next day:/ }).click();
    await expect(schedule.dateTitle).not.toHaveText(/^Today/);
    await expect(schedule.days.getByRole('button', { name: `Previous day: ${shortDay(today)}` })).toBeVisible();
    await schedule.dateTitle.click();
    const calendar = page.getByRole('dialog', { name: 'Choose a date' });
    await calendar.getByRole('button', { name: 'Go To Today' }).click();
    await expect(schedule.dateTitle).toHaveText(/^Today, /);

    const axe = await new AxeBuilder({ page }).withTags(TAGS).analyze();
    expect(axe.violations).toEqual([]);

    // Appointment colours off: the secondary blue for every appointment.
    await api.savePreference('apptColors', false);
    await page.reload();
    await expect(schedule.events().first()).toHaveCSS('background-color', 'rgb(31, 106, 150)');
  });

  test('list view: grouped by start time in the chosen order, saved with the filters; the empty day', async ({ page, api }) => {
    const { today } = await setting(api);
    const day = addDays(today, 42);
    await api.createAppointment({ patientId: 5, start: await api.practiceInstant(day, 9, 0), length: 30, resourceId: 1, providerId: 3 });
    await api.createAppointment({ patientId: 6, start: await api.practiceInstant(day, 11, 0), length: 60, resourceId: 2, providerId: 4 });
    await api.createAppointment({ patientId: 7, start: await api.practiceInstant(day, 9, 0), length: 30, resourceId: 4, providerId: 1 });
    const schedule = new ScheduleScreen(page);
    await schedule.goto(day);
    await page.getByRole('button', { name: 'List view' }).click();
    await expect(schedule.groupTimes()).toHaveText(['09:00 AM', '11:00 AM']);
    await expect(schedule.listView.getByTestId('appointment-card')).toHaveCount(3);
    // Provider hidden when the id is 1 or less (the third booking has none).
    await expect(schedule.listView.getByTestId('appointment-provider')).toHaveCount(2);
    await expect.poll(async () => (await api.preferences(['defaultSchedulingView']))['defaultSchedulingView']).toBe('listView');

    await page.getByRole('button', { name: 'Filters' }).click();
    const filters = page.getByRole('dialog', { name: 'Filter Appointments' });
    await filters.getByLabel('Order').selectOption({ label: 'Last to first' });
    await filters.getByRole('button', { name: 'Apply Filters' }).click();
    await expect(schedule.groupTimes()).toHaveText(['11:00 AM', '09:00 AM']);
    await expect.poll(async () => (await api.preferences(['apptFilters']))['apptFilters']).toEqual({ order: 0, resources: 'all', providers: 'all' });

    // The view and the filters are the user's: they are there after a reload.
    await page.reload();
    await expect(schedule.groupTimes()).toHaveText(['11:00 AM', '09:00 AM']);
    await schedule.days.getByRole('button', { name: /^Next day:/ }).click();
    await expect(schedule.main.getByText('There Are No Appointments Scheduled On This Day')).toBeVisible();
  });

  test('an edit refused because another desk saved the appointment meanwhile keeps what was typed and shows their change', async ({ page, api }) => {
    const { today } = await setting(api);
    const day = addDays(today, 47);
    const booked = await api.createAppointment({ patientId: 8, start: await api.practiceInstant(day, 11, 0), length: 30, resourceId: 2 });
    await page.goto(`appointments/${booked.appointmentId}`);
    await page.getByRole('button', { name: 'Edit Appointment' }).click();
    const form = new AppointmentForm(page, 'Edit Appointment');
    await expect(form.field('Duration (min)')).toHaveValue('30');
    await form.field('Appointment Notes').fill('Bring the X-rays');

    await api.updateAppointment(booked.appointmentId, { length: 45 });
    await form.save.click();
    const conflict = form.dialog.getByRole('alert').filter({ hasText: 'Someone else saved changes to this record while you were editing.' });
    await expect(conflict).toBeVisible();
    await expect(conflict.getByRole('button', { name: 'Duration (min)' })).toBeVisible();
    // Not a schedule conflict: no conflict dialog.
    await expect(page.getByRole('dialog', { name: 'Overlapping Appointments!' })).toBeHidden();
    await expect(form.field('Appointment Notes')).toHaveValue('Bring the X-rays');
    await expect(form.field('Duration (min)')).toHaveValue('45');
    await expect(form.field('Duration (min)')).toHaveAccessibleDescription('Now saved: 45');

    await form.save.click();
    await expect(form.dialog).toBeHidden();
    await expect(page.getByTestId('appointment-notes')).toHaveText('Bring the X-rays');
    const saved = await api.get<DemoAppointment>(`/api/scheduling/1/appointments/${booked.appointmentId}`);
    expect(saved).toMatchObject({ length: 45, notes: 'Bring the X-rays' });
  });

  test("another desk's change shows up without a reload", async ({ page, api }) => {
    const { today } = await setting(api);
    const day = addDays(today, 43);
    const schedule = new ScheduleScreen(page);
    await schedule.goto(day, 1);
    await expect(schedule.events()).toHaveCount(0);
    const booked = await api.createAppointment({ patientId: 7, start: await api.practiceInstant(day, 9, 30), length: 30, resourceId: 1 });
    await expect(schedule.events()).toHaveCount(1, { timeout: 25_000 });
    await expect(schedule.event(new RegExp(booked.patientName))).toBeVisible();
    // And a change to it (another desk deletes it).
    await api.call('DELETE', `/api/scheduling/1/appointments/${booked.appointmentId}`);
    await expect(schedule.events()).toHaveCount(0, { timeout: 25_000 });
  });

  test('an appointment and its pages: detail, Edit Appointment, last and next, follow-ups, referrals, treatments planned, insurance, balances', async ({ page, api }) => {
    const { today } = await setting(api);
    // Someone on today's schedule with a treatment plan.
    type Plan = { total: number; patientPortion: number; insurancePortion: number; phases: Array<{ name: string; charges: Array<{ code: string }> }> };
    const withPlan = async (): Promise<{ appointment: DemoAppointment; plans: Plan[] } | null> => {
      for (const a of await api.day(today)) {
        const plans = await api.get<Plan[]>(`/api/scheduling/1/appointment/${a.appointmentId}/treatmentPlans`);
        if (plans.length > 0) return { appointment: a, plans };
      }
      return null;
    };
    const found = await withPlan();
    expect(found, 'a demo appointment today whose patient has a treatment plan').not.toBeNull();
    const { appointment: a, plans } = found!;
    await page.goto(`appointments/${a.appointmentId}`);
    await expect(page.getByTestId('appointment-patient')).toHaveText(a.patientNameDisplay);
    await expect(page.getByTestId('appointment-time')).toHaveText(`${a.appointmentTime} (${a.length} min)`);
    await expect(page.getByTestId('appointment-provider')).toHaveText(a.providerID && a.providerID > 1 && a.providerName ? a.providerName : 'None');
    await expect(page.getByTestId('appointment-status')).toHaveText(a.status);

    const links = page.getByRole('list', { name: 'About this appointment' }).getByRole('link');
    await expect(links).toHaveText(['Last & Next Appointments', 'Follow-Ups', 'Referrals', 'Treatments Planned', 'Insurance', 'Balances']);

    await links.filter({ hasText: 'Treatments Planned' }).click();
    // The server sends integer cents; the page shows dollars with 2 decimals.
    const dollars = (cents: number) => `$${Math.trunc(cents / 100).toLocaleString('en-US')}.${String(cents % 100).padStart(2, '0')}`;
    await expect(page.getByTestId('plan-total').first()).toHaveText(dollars(plans[0]!.total));
    await expect(page.getByTestId('plan-patient').first()).toHaveText(dollars(plans[0]!.patientPortion));
    await expect(page.getByText('Total Treatment Amount').first()).toBeVisible();
    await expect(page.getByText('Est. Patient Portion').first()).toBeVisible();
    await expect(page.getByText('Est. Insurance Portion').first()).toBeVisible();
    await expect(page.getByText(plans[0]!.phases[0]!.charges[0]!.code).first()).toBeVisible();

    await page.goto(`appointments/${a.appointmentId}/last-next`);
    await expect(page.getByRole('region', { name: 'Last & Next Appointments' })).toBeVisible();
    // The appointment's own last and next (measured from its start), not the patient's as of now.
    const lastNext = await api.get<DemoAppointment>(`/api/scheduling/1/appointments/${a.appointmentId}`);
    if (lastNext.lastAppointmentId) await expect(page.getByTestId('last-appointment').getByRole('link')).toHaveAttribute('href', `/app/appointments/${lastNext.lastAppointmentId}`);
    else await expect(page.getByTestId('last-appointment')).toHaveText('No Last Appointment');
    if (lastNext.nextAppointmentId) await expect(page.getByTestId('next-appointment').getByRole('link')).toHaveAttribute('href', `/app/appointments/${lastNext.nextAppointmentId}`);
    else await expect(page.getByTestId('next-appointment')).toHaveText('No Next Appointment');

    await page.goto(`appointments/${a.appointmentId}/referrals`);
    await expect(page.getByRole('region', { name: 'Referrals', exact: true }).getByText('This Patient Has No Referrals').or(page.getByTestId('patient-referral').first())).toBeVisible();
    await page.goto(`appointments/${a.appointmentId}/balances`);
    await expect(page.getByRole('region', { name: 'Balances' })).toContainText('Unapplied');
    await page.goto(`appointments/${a.appointmentId}/insurance`);
    await expect(page.getByRole('region', { name: 'Insurance' })).toBeVisible();
    await page.goto(`appointments/${a.appointmentId}/followups`);
    await expect(page.getByRole('region', { name: 'Follow-Ups' })).toBeVisible();

    // Edit Appointment: the patient cannot change; the notes can.
    await page.goto(`appointments/${a.appointmentId}`);
    await page.getByRole('button', { name: 'Edit Appointment' }).click();
    const form = new AppointmentForm(page, 'Edit Appointment');
    await expect(form.dialog.getByRole('button', { name: 'Search for a patient' })).toBeDisabled();
    await form.field('Appointment Notes').fill('Edited in the browser');
    await form.save.click();
    await expect(form.dialog).toBeHidden();
    await expect(page.getByTestId('appointment-notes')).toHaveText('Edited in the browser');

    await page.goto('appointments/99999999');
    await expect(page.getByTestId('no-appointment')).toHaveText(/No appointment was found/);
  });

  test('Last & Next Appointments: the visit before this one and the one after, never this one itself', async ({ page, api }) => {
    const { today } = await setting(api);
    const patient = await newPatient(api, 'LastNext');
    // 06:00, before the demo's day starts: free on every day.
    const book = async (day: string) => api.createAppointment({ patientId: patient.patientId, start: await api.practiceInstant(day, 6, 0), length: 30, resourceId: 1 });
    const before = await book(addDays(today, -5));
    const current = await book(today);
    const after = await book(addDays(today, 6));

    await page.goto(`appointments/${current.appointmentId}`);
    await page.getByRole('list', { name: 'About this appointment' }).getByRole('link', { name: 'Last & Next Appointments' }).click();
    const region = page.getByRole('region', { name: 'Last & Next Appointments' });
    const last = region.getByTestId('last-appointment').getByRole('link');
    const next = region.getByTestId('next-appointment').getByRole('link');
    await expect(last).toHaveText(`${usDate(addDays(today, -5))} 06:00 AM`);
    await expect(last).toHaveAttribute('href', `/app/appointments/${before.appointmentId}`);
    await expect(next).toHaveText(`${usDate(addDays(today, 6))} 06:00 AM`);
    await expect(next).toHaveAttribute('href', `/app/appointments/${after.appointmentId}`);

    // Last opens the earlier visit, which has no last, and today's as its next.
    await last.click();
    await expect(page).toHaveURL(new RegExp(`/appointments/${before.appointmentId}$`));
    await page.getByRole('list', { name: 'About this appointment' }).getByRole('link', { name: 'Last & Next Appointments' }).click();
    await expect(region.getByTestId('last-appointment')).toHaveText('No Last Appointment');
    await expect(next).toHaveText(`${usDate(today)} 06:00 AM`);
    await expect(next).toHaveAttribute('href', `/app/appointments/${current.appointmentId}`);
  });

  test("a saved filter shows on the page with what it hides; 'All' and 'Show all' clear it", async ({ page, api }) => {
    const { today, resources } = await setting(api);
    const day = addDays(today, 49);
    for (const [i, r] of resources.slice(0, 3).entries()) await api.createAppointment({ patientId: 5 + i, start: await api.practiceInstant(day, 9, 0), length: 30, resourceId: r.resourceId });
    const [first, second] = resources as [Resource, Resource];
    // A filter saved earlier (another visit, another device).
    await api.savePreference('apptFilters', { order: 1, resources: [first.resourceId], providers: 'all' });
    const schedule = new ScheduleScreen(page);
    await schedule.goto(day);
    const notice = page.getByTestId('schedule-filtered');
    await expect(notice.getByRole('status')).toHaveText('Filtered: 1 of 3 appointments');
    await expect(page.getByRole('button', { name: 'Filters (1 in use)' })).toBeVisible();
    expect((await new AxeBuilder({ page }).withTags(TAGS).analyze()).violations).toEqual([]);

    // The multiple choice offers All; picking All clears the resource chosen.
    const pick = async (label: string, option: string) => {
      await page.getByRole('button', { name: /^Filters/ }).click();
      const dialog = page.getByRole('dialog', { name: 'Filter Appointments' });
      await dialog.getByRole('combobox', { name: label }).click();
      const listbox = page.getByRole('listbox', { name: label });
      await listbox.getByRole('option', { name: option, exact: true }).click();
      return { dialog, listbox };
    };
    let { dialog, listbox } = await pick('Resources', 'All');
    await expect(listbox.getByRole('option', { name: 'All', exact: true })).toHaveAttribute('aria-selected', 'true');
    await expect(listbox.getByRole('option', { name: first.name, exact: true })).toHaveAttribute('aria-selected', 'false');
    await page.keyboard.press('Escape');
    await expect(dialog.getByRole('combobox', { name: 'Resources' })).toHaveText('All');
    await dialog.getByRole('button', { name: 'Apply Filters' }).click();
    await expect(notice).toBeHidden();
    await expect(page.getByRole('button', { name: 'Filters', exact: true })).toBeVisible();
    await expect.poll(async () => (await api.preferences(['apptFilters']))['apptFilters']).toEqual({ order: 1, resources: 'all', providers: 'all' });

    // Picking a resource while All is chosen clears All.
    ({ dialog, listbox } = await pick('Resources', second.name));
    await expect(listbox.getByRole('option', { name: 'All', exact: true })).toHaveAttribute('aria-selected', 'false');
    await page.keyboard.press('Escape');
    await dialog.getByRole('button', { name: 'Apply Filters' }).click();
    await expect(notice.getByRole('status')).toHaveText('Filtered: 1 of 3 appointments');
    await page.getByRole('button', { name: 'List view' }).click();
    await expect(schedule.listView.getByTestId('appointment-card')).toHaveCount(1);

    // 'Show all' clears the filter.
    await notice.getByRole('button', { name: 'Show all' }).click();
    await expect(notice).toBeHidden();
    await expect(schedule.listView.getByTestId('appointment-card')).toHaveCount(3);
    await expect.poll(async () => (await api.preferences(['apptFilters']))['apptFilters']).toEqual({ order: 1, resources: 'all', providers: 'all' });
  });

  test("the patient home's New Appointment books for that patient and opens the appointment", async ({ page, api }) => {
    const { today } = await setting(api);
    const day = addDays(today, 44);
    await page.goto('patients/8/patient_home');
    await page.getByRole('button', { name: 'Patient actions' }).click();
    await page.getByRole('menuitem', { name: 'New Appointment', exact: true }).click();
    const form = new AppointmentForm(page);
    await expect(form.field('Patient')).not.toHaveValue('');
    await form.field('Appointment Date').fill(`${day}T08:15`);
    // One 'None' and the resources (no blank choice beside it).
    const resourceNames = (await api.get<Resource[]>('/api/scheduling/1/resources')).map((r) => r.name);
    await expect(form.field('Resource').locator('option')).toHaveText(['None', ...resourceNames]);
    await form.save.click();
    await form.expectFieldError('Resource', 'Required field');
    await form.choose('Resource', 'Exam Room 2');
    await form.choose('Appointment Type', 'Sick Visit');
    await form.save.click();
    await expect(page).toHaveURL(/\/appointments\/\d+$/);
    await expect(page.getByTestId('appointment-time')).toHaveText('08:15 AM (30 min)');
    const [booked] = await api.day(day, 'resources=4');
    expect(booked).toMatchObject({ patientId: 8, typeId: 9 });
  });
});

test.describe('Patient appointments and follow-ups', () => {
  test.beforeEach(async ({ loginScreen }) => {
    await loginScreen.goto();
    await loginScreen.loginAsDemo();
  });

  test('lists, counts, colours and filters a patient’s appointments (ranges, status, deleted)', async ({ page, api }) => {
    const { today } = await setting(api);
    const patient = await api.createPatient({ firstName: 'Appt', lastName: `History${Date.now().toString(36).replace(/\d/g, '')}`, accountProviderId: 3, officeId: 1, feeScheduleId: 1, birthdate: '1980-02-02' });
    const id = patient.patientId;
    const lastYear = `${Number(today.slice(0, 4)) - 1}`;
    await api.createAppointment({ patientId: id, start: await api.practiceInstant(`${lastYear}-03-10`, 9, 0), length: 30, resourceId: 1, statusId: 7 });
    await api.createAppointment({ patientId: id, start: await api.practiceInstant(`${lastYear}-06-10`, 9, 0), length: 30, resourceId: 1, statusId: 8 });
    const future = await api.createAppointment({ patientId: id, start: await api.practiceInstant(addDays(today, 45), 9, 0), length: 45, resourceId: 1, statusId: 9 });
    const gone = await api.createAppointment({ patientId: id, start: await api.practiceInstant(`${lastYear}-09-10`, 9, 0), length: 30, resourceId: 1 });
    await api.call('DELETE', `/api/scheduling/1/appointments/${gone.appointmentId}`);
    await page.evaluate(() => localStorage.removeItem(`pocketchart.patientApptFilter.${JSON.parse(localStorage.getItem('pocketchart.user') ?? '{}').userId}`));

    await page.goto(`patients/${id}/appointments`);
    await expect(page.getByRole('list', { name: 'Appointments & Follow-Ups' }).getByRole('link')).toHaveText(['Patient Appointments', 'Follow-Ups']);
    await expect(page.getByRole('button', { name: 'New Appointment' })).toBeVisible();
    await page.getByRole('link', { name: 'Patient Appointments' }).click();
    const rows = page.getByTestId('patient-appointment');
    await expect(rows).toHaveCount(3);
    // The filter in force is always written above the list.
    const shown = page.getByTestId('patient-appointments-filter');
    await expect(shown.getByRole('status')).toHaveText('Date Range: All Appointments');
    await expect(shown.getByRole('button', { name: 'Show all' })).toHaveCount(0);
    await expect(page.getByTestId('total-total')).toHaveText('3');
    await expect(page.getByTestId('total-missed')).toHaveText('1');
    await expect(page.getByTestId('total-cancelled')).toHaveText('1');
    await expect(page.getByTestId('total-reschedule')).toHaveText('1');
    await expect(rows.first()).toContainText('03/10/');
    await expect(rows.first()).toContainText('09:00 AM · 30 min');
    await expect(rows.first().getByTestId('appointment-type-status')).toHaveCSS('color', 'rgb(183, 28, 28)');
    await expect(rows.nth(1).getByTestId('appointment-type-status')).toHaveCSS('color', 'rgb(31, 106, 150)');
    await expect(rows.nth(2).getByTestId('appointment-type-status')).toHaveCSS('color', 'rgb(116, 70, 170)');
    await expect(rows.nth(2)).toHaveAttribute('href', `/app/appointments/${future.appointmentId}`);
    expect((await new AxeBuilder({ page }).withTags(TAGS).analyze()).violations).toEqual([]);

    const filter = async (set: (dialog: import('@playwright/test').Locator) => Promise<unknown>) => {
      await page.getByRole('button', { name: 'Filter' }).click();
      const dialog = page.getByRole('dialog', { name: 'Filter Patient Appointments' });
      // The dialog fades in: axe must see its final colours, not a blend with the backdrop.
      await expect(dialog.locator('xpath=..')).toHaveCSS('opacity', '1');
      await set(dialog);
      await dialog.getByRole('button', { name: 'Apply' }).click();
      await expect(dialog).toBeHidden();
    };
    await filter(async (d) => {
      expect((await new AxeBuilder({ page }).withTags(TAGS).analyze()).violations).toEqual([]);
      await expect(d.getByLabel('Appointment Status').locator('option').first()).toHaveText('All Appointment Statuses');
      await expect(d.getByLabel('Date Range').locator('option')).toHaveText([
        'Custom Date Range',
        'All Appointments',
        'Future Appointments',
        'This Month',
        'Last Month',
        'Last 6 Months',
        'This Year',
        'Last Year',
      ]);
      await d.getByLabel('Date Range').selectOption({ label: 'Future Appointments' });
    });
    await expect(rows).toHaveCount(1);
    await expect(shown.getByRole('status')).toHaveText(`Date Range: Future Appointments (from ${usDate(today)})`);
    await expect(page.getByRole('button', { name: 'Filter (1 in use)' })).toBeVisible();
    await filter((d) => d.getByLabel('Date Range').selectOption({ label: 'Last Year' }));
    await expect(rows).toHaveCount(2);
    await expect(shown.getByRole('status')).toHaveText(`Date Range: Last Year (01/01/${lastYear} – 12/31/${lastYear})`);
    await filter(async (d) => {
      await d.getByLabel('Show Deleted Appointments').check();
    });
    await expect(rows).toHaveCount(3);
    await expect(rows.filter({ hasText: 'DELETED' })).toHaveCount(1);
    await filter(async (d) => {
      await d.getByLabel('Date Range').selectOption({ label: 'Custom Date Range' });
      await d.getByLabel('Start').fill(`${lastYear}-05-01`);
      await d.getByLabel('End').fill(`${lastYear}-07-01`);
    });
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText('06/10/');
    await filter(async (d) => {
      await d.getByLabel('Date Range').selectOption({ label: 'All Appointments' });
      await d.getByLabel('Appointment Status').selectOption({ label: 'Missed' });
    });
    await expect(rows).toHaveCount(1);
    await expect(rows.first().getByTestId('appointment-type-status')).toContainText('Missed');
    // Kept per user: still applied after a reload.
    await page.reload();
    await expect(rows).toHaveCount(1);
    await filter((d) => d.getByLabel('Appointment Status').selectOption({ label: 'To Reschedule' }));
    await expect(rows).toHaveCount(1);
    await filter((d) => d.getByLabel('Appointment Status').selectOption({ label: 'Completed' }));
    await expect(page.getByText('No appointments were found')).toBeVisible();
    await expect(shown.getByRole('status')).toHaveText('Date Range: All Appointments · Status: Completed · Deleted shown');
    expect((await new AxeBuilder({ page }).withTags(TAGS).analyze()).violations).toEqual([]);
    // 'Show all': every date and status again (deleted ones still shown, as chosen).
    await shown.getByRole('button', { name: 'Show all' }).click();
    await expect(rows).toHaveCount(4);
    await expect(shown.getByRole('status')).toHaveText('Date Range: All Appointments · Deleted shown');
    await page.evaluate(() => {
      for (const key of Object.keys(localStorage)) if (key.startsWith('pocketchart.patientApptFilter.')) localStorage.removeItem(key);
    });
  });

  test('follow-ups: type and frequency, Not Scheduled, the appointment link, red when booked early and green otherwise', async ({ page, api }) => {
    type F = { type: string; frequency: number; followupDate: string; scheduled: string | null; appointmentId: number | null };
    let scheduled: { patientId: number; followUp: F } | null = null;
    let unscheduled: { patientId: number; followUp: F } | null = null;
    for (let id = 1; id <= 60 && !(scheduled && unscheduled); id += 1) {
      for (const f of await api.get<F[]>(`/api/patients/patient/${id}/followups`)) {
        if (f.scheduled && !scheduled) scheduled = { patientId: id, followUp: f };
        if (!f.scheduled && !unscheduled) unscheduled = { patientId: id, followUp: f };
      }
    }
    expect(scheduled && unscheduled).toBeTruthy();
    await page.goto(`patients/${unscheduled!.patientId}/appointments/follow-ups`);
    const card = page.getByTestId('follow-up').first();
    await expect(card).toContainText(`${unscheduled!.followUp.frequency} Days`);
    await expect(card.getByTestId('follow-up-scheduled')).toContainText('Not Scheduled');
    await expect(card.getByRole('link')).toHaveCount(0);

    await page.goto(`patients/${scheduled!.patientId}/appointments/follow-ups`);
    const booked = page.getByTestId('follow-up').filter({ has: page.getByRole('link') }).first();
    const early = scheduled!.followUp.scheduled! < scheduled!.followUp.followupDate;
    await expect(booked.getByTestId('follow-up-scheduled')).toHaveCSS('color', early ? 'rgb(183, 28, 28)' : 'rgb(27, 94, 32)');
    await booked.getByRole('link').click();
    await expect(page).toHaveURL(new RegExp(`/appointments/${scheduled!.followUp.appointmentId}$`));

    // A patient without follow-ups.
    const fresh = await api.createPatient({ firstName: 'No', lastName: `Followups${Date.now().toString(36).replace(/\d/g, '')}`, accountProviderId: 3, officeId: 1, feeScheduleId: 1, birthdate: '1990-01-01' });
    await page.goto(`patients/${fresh.patientId}/appointments/follow-ups`);
    await expect(page.getByText('This Patient Has No Follow-Ups')).toBeVisible();
  });
});

test.describe('Schedule at phone width', () => {
  test.use({ viewport: { width: 360, height: 640 }, hasTouch: true, isMobile: true });

  test.beforeEach(async ({ loginScreen }) => {
    await loginScreen.goto();
    await loginScreen.loginAsDemo();
  });

  test('the day, the bottom bar and New Appointment at 360x640, axe clean', async ({ page, api }) => {
    const { today } = await setting(api);
    const day = addDays(today, 46);
    await selectPatient(page, 5);
    const schedule = new ScheduleScreen(page);
    await schedule.goto(day, 4);
    await expect(schedule.days.getByRole('button', { name: /^Previous day: \w{3} \d{2}\/\d{2}$/ })).toBeVisible();
    await expect(schedule.days.getByRole('button', { name: 'Today', exact: true })).toBeEnabled();
    await expect(schedule.newAppointment).toBeVisible();
    expect((await new AxeBuilder({ page }).withTags(TAGS).analyze()).violations).toEqual([]);
    // Nothing wider than the phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    // A swipe to the left shows the next resource (wrapping from the last to the first), to the right the previous.
    const swipe = async (fromX: number, toX: number) => {
      const box = (await schedule.dayView.boundingBox())!;
      const y = box.y + 120;
      await schedule.dayView.dispatchEvent('touchstart', { touches: [{ identifier: 1, clientX: fromX, clientY: y }], changedTouches: [{ identifier: 1, clientX: fromX, clientY: y }] });
      await schedule.dayView.dispatchEvent('touchend', { touches: [], changedTouches: [{ identifier: 1, clientX: toX, clientY: y + 4 }] });
    };
    await swipe(300, 120);
    await expect(schedule.resources).toHaveValue('1');
    await swipe(120, 300);
    await expect(schedule.resources).toHaveValue('4');

    // A tap on empty time books nothing; a long press and drag starts a new appointment there.
    const emptySlot = schedule.dayView.locator('.rbc-day-slot .rbc-time-slot').nth(8);
    await emptySlot.scrollIntoViewIfNeeded();
    const slotBox = (await emptySlot.boundingBox())!;
    await page.touchscreen.tap(slotBox.x + slotBox.width / 2, slotBox.y + slotBox.height / 2);
    await page.waitForTimeout(300);
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await schedule.longPressDrag('09:00', '09:30');
    await chooseCurrentPatient(page);
    const pressed = new AppointmentForm(page);
    await expect(pressed.field('Appointment Date')).toHaveValue(`${day}T09:00`);
    await expect(pressed.field('Duration (min)')).toHaveValue('30');
    await expect.poll(() => pressed.chosen('Resource')).toBe('Exam Room 2');
    await pressed.cancel.click();
    await expect(pressed.dialog).toBeHidden();

    await schedule.newAppointment.click();
    await chooseCurrentPatient(page);
    const form = new AppointmentForm(page);
    await expect(form.field('Appointment Date')).toHaveValue(`${day}T07:00`);
    await expect.poll(() => form.chosen('Resource')).toBe('Exam Room 2');
    await form.field('Appointment Date').fill(`${day}T13:00`);
    await form.choose('Appointment Type', 'Follow-Up');
    expect((await new AxeBuilder({ page }).withTags(TAGS).analyze()).violations).toEqual([]);
    await form.save.click();
    await expect(form.dialog).toBeHidden();
    await expect(schedule.events()).toHaveCount(1);
    await schedule.events().first().tap();
    await expect(page).toHaveURL(/\/appointments\/\d+$/);
    await expect(page.getByTestId('appointment-time')).toHaveText('01:00 PM (30 min)');
    expect((await new AxeBuilder({ page }).withTags(TAGS).analyze()).violations).toEqual([]);

    // The list view at phone width.
    await page.goBack();
    await page.getByRole('button', { name: 'List view' }).click();
    await expect(schedule.groupTimes()).toHaveText(['01:00 PM']);
    expect((await new AxeBuilder({ page }).withTags(TAGS).analyze()).violations).toEqual([]);
  });

  test('a swipe either way changes the resource and never leaves the schedule (the day view owns sideways swipes)', async ({ page, api }) => {
    const { today, resources } = await setting(api);
    const day = addDays(today, 48);
    // Something to go Back to: the browser's own sideways gesture would return there.
    await page.goto('dashboard');
    const schedule = new ScheduleScreen(page);
    await schedule.goto(day, resources[1]!.resourceId);
    await expect(schedule.resources).toHaveValue(String(resources[1]!.resourceId));

    const area = page.getByTestId('day-swipe-area');
    const style = (locator: import('@playwright/test').Locator) => locator.evaluate((el) => ({ touch: getComputedStyle(el).touchAction, overscroll: getComputedStyle(el).overscrollBehaviorX }));
    expect((await style(area)).touch).toContain('pan-y');
    expect((await style(area)).overscroll).toMatch(/^(contain|none)$/);
    expect((await style(schedule.dayView.locator('.rbc-time-content'))).touch).toContain('pan-y');
    expect(await page.evaluate(() => [getComputedStyle(document.documentElement).overscrollBehaviorX, getComputedStyle(document.body).overscrollBehaviorX])).toEqual(['none', 'none']);

    // Real touch input (the browser's gesture handling sees it), from near the left edge.
    const swipe = async (fromX: number, toX: number) => {
      const box = (await schedule.dayView.boundingBox())!;
      const y = box.y + 150;
      const cdp = await page.context().newCDPSession(page);
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x: fromX, y, id: 1 }] });
      for (let i = 1; i <= 8; i += 1) await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x: fromX + ((toX - fromX) * i) / 8, y: y + i / 2, id: 1 }] });
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
      await cdp.detach();
    };
    await swipe(24, 330);
    await expect(schedule.resources).toHaveValue(String(resources[0]!.resourceId));
    await expect(page).toHaveURL(new RegExp(`/appointments\\?date=${day}&resource=${resources[0]!.resourceId}$`));
    await swipe(330, 24);
    await expect(schedule.resources).toHaveValue(String(resources[1]!.resourceId));
    await expect(page).toHaveURL(new RegExp(`/appointments\\?date=${day}&resource=${resources[1]!.resourceId}$`));
  });

  test("another day's bottom bar says Today once, on its middle button; the neighbours show their dates", async ({ page, api }) => {
    const { today } = await setting(api);
    const schedule = new ScheduleScreen(page);
    await schedule.goto(addDays(today, -1));
    await expect(schedule.days.getByRole('button')).toHaveText([shortDay(addDays(today, -2)), 'Today', shortDay(today)]);
    await expect(schedule.days.getByRole('button', { name: `Next day: ${shortDay(today)}` })).toBeVisible();
    await schedule.goto(addDays(today, 1));
    await expect(schedule.days.getByRole('button')).toHaveText([shortDay(today), 'Today', shortDay(addDays(today, 2))]);
    await schedule.days.getByRole('button', { name: 'Today', exact: true }).click();
    await expect(schedule.dateTitle).toHaveText(/^Today, /);
    await expect(schedule.days.getByRole('button', { name: 'Today', exact: true })).toBeDisabled();
  });

  test('an appointment booked over Lunch is drawn beside it: the Lunch label stays readable', async ({ page, api }) => {
    const { today, resources } = await setting(api);
    // The demo's Lunch (12:00 to 13:00, every resource) is a block-out that only shows.
    const day = addDays(today, 10);
    const resourceId = resources[0]!.resourceId;
    const booked = await api.createAppointment({ patientId: 9, start: await api.practiceInstant(day, 12, 0), length: 30, resourceId });
    const schedule = new ScheduleScreen(page);
    await schedule.goto(day, resourceId);
    const lunch = schedule.dayView.locator('[data-blockout]').filter({ hasText: 'Lunch' });
    const label = lunch.locator('.rbc-event-content');
    const appointment = schedule.event(new RegExp(booked.patientNameDisplay.replace(/[()]/g, '\\$&')));
    await label.scrollIntoViewIfNeeded();
    await expect(label).toBeVisible();
    await expect(appointment).toBeVisible();
    const l = (await label.boundingBox())!;
    const a = (await appointment.boundingBox())!;
    // Beside, not under: the appointment starts right of the label...
    expect(l.x + l.width).toBeLessThanOrEqual(a.x + 0.5);
    // ...and nothing is drawn over the label's middle.
    const covered = await page.evaluate(({ x, y }) => document.elementFromPoint(x, y)?.closest('.rbc-event') !== null, { x: l.x + l.width / 2, y: l.y + l.height / 2 });
    expect(covered).toBe(false);
    // The appointment stays a good size to tap.
    expect(a.width).toBeGreaterThan(150);
    expect((await new AxeBuilder({ page }).withTags(TAGS).analyze()).violations).toEqual([]);
  });
});
