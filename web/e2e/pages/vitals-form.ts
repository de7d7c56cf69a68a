import { expect, type Locator, type Page } from '@playwright/test';

/** The 'Create Vitals' dialog. */
export class VitalsFormDialog {
  readonly dialog: Locator;
  readonly save: Locator;
  readonly emptyVitals: Locator;
  readonly errorsBanner: Locator;

  constructor(readonly page: Page) {
    this.dialog = page.getByRole('dialog', { name: 'Create Vitals' });
    this.save = this.dialog.getByRole('button', { name: 'Save', exact: true });
    this.emptyVitals = this.dialog.getByRole('alert').filter({ hasText: 'Empty Vitals' });
    this.errorsBanner = this.dialog.getByRole('alert').filter({ hasText: 'Errors were found...' });
  }

  field(label: string): Locator {
    return this.dialog.getByLabel(new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(\\s*\\*)?$`));
  }

  async fill(values: Record<string, string>): Promise<void> {
    for (const [label, value] of Object.entries(values)) await this.field(label).fill(value);
  }

  async expectFieldError(label: string, message: string): Promise<void> {
    await expect(this.field(label)).toHaveAccessibleDescription(message);
  }
}
