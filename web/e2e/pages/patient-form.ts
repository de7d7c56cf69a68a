import { expect, type Locator, type Page } from '@playwright/test';

/** The patient form dialog ('Add Patient in New Account', 'Create Patient', 'Edit Patient'). */
export class PatientFormDialog {
  readonly dialog: Locator;
  readonly save: Locator;
  readonly errorsBanner: Locator;

  constructor(
    readonly page: Page,
    title: string,
  ) {
    this.dialog = page.getByRole('dialog', { name: title });
    this.save = this.dialog.getByRole('button', { name: 'Save', exact: true });
    this.errorsBanner = this.dialog.getByRole('alert').filter({ hasText: 'Errors were found...' });
  }

  /** A field by the label users see (a required field's label ends with a thin space and '*'). */
  field(label: string): Locator {
    const escaped = label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    return this.dialog.getByLabel(new RegExp(`^${escaped}(\\s*\\*)?$`));
  }

  /** The message shown under a field (its accessible description). */
  async expectFieldError(label: string, message: string): Promise<void> {
    await expect(this.field(label)).toHaveAccessibleDescription(message);
  }

  async expectNoFieldError(label: string): Promise<void> {
    await expect(this.field(label)).toHaveAccessibleDescription('');
  }

  async fill(label: string, value: string): Promise<void> {
    await this.field(label).fill(value);
  }

  /** Fills and leaves the field (email and phone are checked on blur). */
  async fillAndLeave(label: string, value: string): Promise<void> {
    await this.field(label).fill(value);
    await this.field(label).blur();
  }

  async choose(label: string, option: string): Promise<void> {
    await this.field(label).selectOption({ label: option });
  }

  /** Types into an autocomplete and picks a suggestion. */
  async pick(label: string, typed: string, option: string): Promise<void> {
    await this.field(label).fill('');
    await this.field(label).pressSequentially(typed, { delay: 20 });
    await this.page.getByRole('option', { name: option }).click();
  }
}
