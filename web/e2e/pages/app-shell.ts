import { expect, type Locator, type Page } from '@playwright/test';

/** The logged-in frame: toolbar, side navigation (drawer on phones). */
export class AppShell {
  readonly title: Locator;
  readonly menuButton: Locator;

  constructor(readonly page: Page) {
    this.title = page.getByTestId('toolbar-title');
    this.menuButton = page.getByRole('button', { name: 'Open navigation' });
  }

  /** The visible navigation landmark (the permanent drawer's on desktops, the drawer's on phones). */
  navigation(): Locator {
    return this.page.getByRole('navigation', { name: 'Main' }).filter({ visible: true });
  }

  async openNavigationIfPhone(): Promise<void> {
    if (await this.menuButton.isVisible()) {
      await this.menuButton.click();
      await expect(this.navigation()).toBeVisible();
    }
  }

  async navigateTo(label: string): Promise<void> {
    await this.openNavigationIfPhone();
    await this.navigation().getByRole('link', { name: label, exact: true }).click();
  }

  async logOut(): Promise<void> {
    await this.openNavigationIfPhone();
    await this.navigation().getByRole('button', { name: 'Log Out' }).click();
  }
}
