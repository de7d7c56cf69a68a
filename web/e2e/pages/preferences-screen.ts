import { expect, type Locator, type Page } from '@playwright/test';

export class PreferencesScreen {
  readonly defaultView: Locator;
  readonly autoLogout: Locator;

  constructor(readonly page: Page) {
    this.defaultView = page.getByRole('combobox', { name: 'Default View' });
    this.autoLogout = page.getByRole('combobox', { name: 'Auto Logout' });
  }

  async goto(): Promise<void> {
    await this.page.goto('preferences');
    await expect(this.defaultView).toBeVisible();
  }

  toggle(label: string): Locator {
    return this.page.getByRole('switch', { name: label }).or(this.page.getByRole('checkbox', { name: label }));
  }

  /** Picks an option and waits for the server to store it. */
  async choose(select: Locator, option: string): Promise<void> {
    const saved = this.page.waitForResponse((r) => r.url().endsWith('/api/preferences/save') && r.status() === 200);
    await select.click();
    await this.page.getByRole('option', { name: option, exact: true }).click();
    await saved;
  }

  async flip(label: string): Promise<void> {
    const saved = this.page.waitForResponse((r) => r.url().endsWith('/api/preferences/save') && r.status() === 200);
    await this.toggle(label).click();
    await saved;
  }
}
