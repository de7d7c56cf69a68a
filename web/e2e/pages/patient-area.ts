import { expect, type Locator, type Page } from '@playwright/test';

/** The patient area: header card, alerts banner, menus and read-only field lists. */
export class PatientArea {
  readonly main: Locator;
  readonly headerCard: Locator;
  readonly alertsBanner: Locator;

  constructor(readonly page: Page) {
    this.main = page.getByRole('main');
    this.headerCard = this.main.getByTestId('patient-header-card');
    this.alertsBanner = this.main.getByTestId('alerts-banner');
  }

  async goto(patientId: number, path = 'patient_home'): Promise<void> {
    await this.page.goto(`patients/${patientId}/${path}`);
    await expect(this.headerCard).toBeVisible();
  }

  /** Follows a menu entry of the page (the hub or a sub-menu). */
  async openMenu(title: string): Promise<void> {
    await this.main.getByRole('link', { name: title, exact: true }).click();
  }

  /** The value shown for a label in a read-only list. */
  value(label: string, scope: Locator = this.main): Locator {
    return scope.locator('dt', { hasText: new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`) }).locator('xpath=following-sibling::dd[1]');
  }

  section(title: string): Locator {
    return this.main.getByRole('region', { name: title });
  }
}
