import { expect, type Locator, type Page } from '@playwright/test';

/** /appointments: the date title, the toggles, the day (react-big-calendar) or the list, the bottom bar. */
export class ScheduleScreen {
  readonly main: Locator;
  readonly dateTitle: Locator;
  readonly dayView: Locator;
  readonly listView: Locator;
  readonly resources: Locator;
  readonly newAppointment: Locator;
  readonly days: Locator;

  constructor(readonly page: Page) {
    this.main = page.getByRole('main');
    this.dateTitle = page.getByTestId('schedule-date');
    this.dayView = page.getByTestId('day-view');
    this.listView = page.getByTestId('list-view');
    this.resources = page.getByLabel('Resources', { exact: true });
    this.newAppointment = page.getByRole('button', { name: 'New Appointment' });
    this.days = page.getByRole('navigation', { name: 'Days' });
  }

  async goto(date?: string, resourceId?: number): Promise<void> {
    const query = new URLSearchParams();
    if (date) query.set('date', date);
    if (resourceId) query.set('resource', String(resourceId));
    await this.page.goto(`appointments${query.size ? `?${query}` : ''}`);
    await expect(this.dateTitle).toBeVisible();
  }

  /** The calendar's appointments (block-outs are not buttons). */
  events(): Locator {
    return this.dayView.getByRole('button');
  }

  event(name: string | RegExp): Locator {
    return this.dayView.getByRole('button', { name });
  }

  /**
   * Drags on the day from `from` to `to` (practice clock, 'HH:mm', within the calendar's
   * hours, which start at `calendarStart`): 15-minute slots, the end slot included.
   */
  async drag(from: string, to: string, calendarStart = '07:00'): Promise<void> {
    const minutes = (t: string) => Number(t.slice(0, 2)) * 60 + Number(t.slice(3, 5));
    const first = (minutes(from) - minutes(calendarStart)) / 15;
    const last = (minutes(to) - minutes(calendarStart)) / 15 - 1;
    const slots = this.dayView.locator('.rbc-day-slot .rbc-time-slot');
    await slots.nth(first).scrollIntoViewIfNeeded();
    const a = await slots.nth(first).boundingBox();
    const b = await slots.nth(last).boundingBox();
    if (!a || !b) throw new Error('calendar slots not on screen');
    await this.page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
    await this.page.mouse.down();
    await this.page.mouse.move(a.x + a.width / 2, a.y + a.height / 2 + 6, { steps: 3 });
    await this.page.mouse.move(b.x + b.width / 2, b.y + b.height / 2, { steps: 8 });
    await this.page.mouse.up();
  }

  /**
   * On touch: a long press (700 ms) on the `from` slot, then a drag to the slot before `to`
   * (raw touch events through the DevTools protocol: Playwright's touchscreen only taps).
   */
  async longPressDrag(from: string, to: string, calendarStart = '07:00'): Promise<void> {
    const minutes = (t: string) => Number(t.slice(0, 2)) * 60 + Number(t.slice(3, 5));
    const slots = this.dayView.locator('.rbc-day-slot .rbc-time-slot');
    const first = slots.nth((minutes(from) - minutes(calendarStart)) / 15);
    const last = slots.nth((minutes(to) - minutes(calendarStart)) / 15 - 1);
    await first.scrollIntoViewIfNeeded();
    const a = (await first.boundingBox())!;
    const b = (await last.boundingBox())!;
    const cdp = await this.page.context().newCDPSession(this.page);
    const at = (x: number, y: number) => [{ x, y, id: 1 }];
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: at(a.x + a.width / 2, a.y + a.height / 2) });
    await this.page.waitForTimeout(700);
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: at(a.x + a.width / 2, a.y + a.height / 2 + 4) });
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: at(b.x + b.width / 2, b.y + b.height / 2) });
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
    await cdp.detach();
  }

  groupTimes(): Locator {
    return this.listView.getByTestId('group-time');
  }
}

/** The full-screen appointment form ('New Appointment' / 'Edit Appointment'). */
export class AppointmentForm {
  readonly dialog: Locator;
  readonly save: Locator;
  readonly cancel: Locator;

  constructor(
    readonly page: Page,
    title: 'New Appointment' | 'Edit Appointment' = 'New Appointment',
  ) {
    this.dialog = page.getByRole('dialog', { name: title });
    this.save = this.dialog.getByRole('button', { name: 'Save' });
    this.cancel = this.dialog.getByRole('button', { name: 'Cancel' });
  }

  /** A field by its label (a required field's label ends with ' *'). */
  field(label: string): Locator {
    const escaped = label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    return this.dialog.getByLabel(new RegExp(`^${escaped}(\\s*\\*)?$`));
  }

  async chosen(label: string): Promise<string> {
    return this.field(label).evaluate((el) => {
      const select = el as HTMLSelectElement;
      return select.selectedOptions[0]?.textContent ?? '';
    });
  }

  async choose(label: string, option: string): Promise<void> {
    await this.field(label).selectOption({ label: option });
  }

  /** The message shown under a field. */
  async expectFieldError(label: string, message: string): Promise<void> {
    const id = await this.field(label).getAttribute('id');
    await expect(this.dialog.locator(`#${id}-helper-text`)).toHaveText(message);
  }
}

/** Chooses the patient of a new appointment: the current patient's card. */
export async function chooseCurrentPatient(page: Page): Promise<void> {
  const chooser = page.getByRole('dialog', { name: 'Select a Patient' });
  await expect(chooser).toBeVisible();
  await chooser.getByTestId('current-patient-card').getByRole('button').click();
}
