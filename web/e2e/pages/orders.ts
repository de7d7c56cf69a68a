import { expect, type Locator, type Page } from '@playwright/test';

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** /orders: the Mine and All tabs with their counts, Filters, Refresh, the keyword, the list and New Order. */
export class OrdersScreen {
  readonly main: Locator;
  readonly rows: Locator;
  readonly noOrders: Locator;
  readonly newOrder: Locator;
  readonly filters: Locator;
  readonly refresh: Locator;
  readonly keyword: Locator;

  constructor(readonly page: Page) {
    this.main = page.getByRole('main');
    this.rows = this.main.getByTestId('order-row');
    this.noOrders = this.main.getByTestId('no-orders');
    this.newOrder = page.getByRole('button', { name: 'New Order' });
    this.filters = this.main.getByRole('button', { name: /^Filters/ });
    this.refresh = this.main.getByRole('button', { name: 'Refresh' });
    this.keyword = this.main.getByRole('searchbox', { name: 'Keyword' });
  }

  async goto(): Promise<void> {
    await this.page.goto('orders');
    await expect(this.main.getByRole('tab', { name: /^Mine/ })).toBeVisible();
  }

  tab(name: 'Mine' | 'All'): Locator {
    return this.main.getByRole('tab', { name: new RegExp(`^${name}`) });
  }

  /** The count badge of a tab. */
  count(name: 'Mine' | 'All'): Locator {
    return this.main.getByTestId(`orders-count-${name.toLowerCase()}`);
  }

  row(text: string | RegExp): Locator {
    return this.rows.filter({ hasText: text });
  }

  rowById(ordersId: number): Locator {
    return this.main.locator(`[data-testid="order-row"][data-order-id="${ordersId}"]`);
  }

  /** Opens 'Filters', sets each named multiple choice to exactly the options given ([] is all), and applies. */
  async applyFilters(choices: Record<string, string[]>): Promise<void> {
    await this.filters.click();
    const dialog = this.page.getByRole('dialog', { name: 'Filters' });
    await expect(dialog).toBeVisible();
    for (const [label, wanted] of Object.entries(choices)) {
      await dialog.getByRole('combobox', { name: label }).click();
      const listbox = this.page.getByRole('listbox', { name: label });
      await expect(listbox).toBeVisible();
      const options = listbox.getByRole('option');
      for (const option of await options.all()) {
        const name = ((await option.textContent()) ?? '').trim();
        const selected = (await option.getAttribute('aria-selected')) === 'true';
        if (selected !== wanted.includes(name)) await option.click();
      }
      await this.page.keyboard.press('Escape');
      await expect(listbox).toBeHidden();
    }
    await dialog.getByRole('button', { name: 'Apply' }).click();
    await expect(dialog).toBeHidden();
  }
}

/** The order dialog: 'New Order' or 'Edit Order'. */
export class OrderFormDialog {
  readonly dialog: Locator;
  readonly save: Locator;
  readonly errorsBanner: Locator;
  readonly patient: Locator;

  constructor(
    readonly page: Page,
    title: 'New Order' | 'Edit Order',
  ) {
    this.dialog = page.getByRole('dialog', { name: title });
    this.save = this.dialog.getByRole('button', { name: 'Save', exact: true });
    this.errorsBanner = this.dialog.getByRole('alert').filter({ hasText: 'Errors were found...' });
    this.patient = this.dialog.getByTestId('order-form-patient');
  }

  /** A field by the label users see (a required field's label ends with '*'). */
  field(label: string): Locator {
    return this.dialog.getByLabel(new RegExp(`^${escape(label)}(\\s*\\*)?$`));
  }

  async choose(label: string, option: string): Promise<void> {
    await this.field(label).selectOption({ label: option });
  }

  async fill(label: string, value: string): Promise<void> {
    await this.field(label).fill(value);
  }

  /** The label of the option a select shows. */
  async chosen(label: string): Promise<string> {
    return this.field(label).evaluate((el) => (el as HTMLSelectElement).selectedOptions[0]?.textContent ?? '');
  }

  async expectFieldError(label: string, message: string): Promise<void> {
    await expect(this.field(label)).toHaveAccessibleDescription(message);
  }
}

/** The full-screen 'Orders' dialog that chooses a new order's patient. */
export class OrderPatientChooser {
  readonly dialog: Locator;
  readonly currentPatient: Locator;
  readonly searchForPatient: Locator;
  readonly createBlankOrder: Locator;

  constructor(readonly page: Page) {
    this.dialog = page.getByRole('dialog', { name: 'Orders' });
    this.currentPatient = this.dialog.getByTestId('current-patient-card');
    this.searchForPatient = this.dialog.getByRole('button', { name: 'Search for Patient' });
    this.createBlankOrder = this.dialog.getByRole('button', { name: 'Create Blank Order' });
  }

  /** 'Search for Patient', then the patient by last name in the 'Patient Search' dialog. */
  async searchAndChoose(lastName: string, firstName: string): Promise<void> {
    await this.searchForPatient.click();
    const search = this.page.getByRole('dialog', { name: 'Patient Search' });
    await search.getByPlaceholder('Search for a patient...').pressSequentially(lastName.toLowerCase(), { delay: 20 });
    await search.getByRole('button', { name: new RegExp(`^${escape(lastName)}, ${escape(firstName)}`) }).first().click();
    await expect(search).toBeHidden();
  }
}

/** /orders/{id}. */
export class OrderDetail {
  readonly main: Locator;
  readonly edit: Locator;
  readonly notes: Locator;
  readonly statusUpdates: Locator;

  constructor(readonly page: Page) {
    this.main = page.getByRole('main');
    this.edit = this.main.getByRole('button', { name: 'Edit Order' });
    this.notes = this.main.getByRole('list', { name: 'Notes' }).getByRole('listitem');
    this.statusUpdates = this.main.getByRole('list', { name: 'Status Updates' }).getByRole('listitem');
  }

  async goto(ordersId: number | string): Promise<void> {
    await this.page.goto(`orders/${ordersId}`);
  }

  /** The value shown for a label of the order. */
  value(label: string): Locator {
    return this.main.locator('dt', { hasText: new RegExp(`^${escape(label)}$`) }).locator('xpath=following-sibling::dd[1]');
  }
}
