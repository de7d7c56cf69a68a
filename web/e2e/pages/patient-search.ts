import { expect, type Locator, type Page } from '@playwright/test';

/** /patients and /search, and the same controls inside the 'Patient Search' dialog. */
export class PatientSearchScreen {
  readonly input: Locator;
  readonly results: Locator;
  readonly noPatients: Locator;
  readonly newAccount: Locator;

  constructor(
    readonly page: Page,
    scope: Locator | Page = page.getByRole('main'),
  ) {
    this.input = scope.getByPlaceholder('Search for a patient...');
    this.results = scope.getByRole('list', { name: 'Patients found' }).getByRole('listitem');
    this.noPatients = scope.getByTestId('no-patients');
    this.newAccount = scope.getByRole('button', { name: 'New Account' });
  }

  async goto(path: 'patients' | 'search' = 'patients'): Promise<void> {
    await this.page.goto(path);
    await expect(this.input).toBeVisible();
  }

  /** Types as a person does (key by key) and waits for the list to answer. */
  async search(text: string): Promise<void> {
    await this.input.fill('');
    await this.input.pressSequentially(text, { delay: 20 });
  }

  result(name: string | RegExp): Locator {
    return this.results.filter({ hasText: name });
  }

  async open(name: string | RegExp): Promise<void> {
    await this.result(name).first().getByRole('link').click();
  }
}
