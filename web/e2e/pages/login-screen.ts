import { expect, type Locator, type Page } from '@playwright/test';
import { DEMO } from '../fixtures';

/** The login screen (/app/login) and the re-login dialog share these controls. */
export class LoginScreen {
  readonly username: Locator;
  readonly password: Locator;
  readonly logIn: Locator;
  readonly error: Locator;
  readonly sessionMessage: Locator;

  constructor(
    readonly page: Page,
    scope: Locator | Page = page,
  ) {
    this.username = scope.getByLabel('Username');
    this.password = scope.getByLabel('Password', { exact: true });
    this.logIn = scope.getByRole('button', { name: 'Log In' });
    this.error = scope.getByTestId('login-error');
    this.sessionMessage = scope.getByTestId('session-message');
  }

  async goto(): Promise<void> {
    await this.page.goto('login');
    await expect(this.logIn).toBeVisible();
  }

  async submit(username: string, password: string): Promise<void> {
    await this.username.fill(username);
    await this.password.fill(password);
    await this.logIn.click();
  }

  /** Logs in as the demo user and waits for the logged-in frame. */
  async loginAsDemo(): Promise<void> {
    await this.submit(DEMO.username, DEMO.password);
    await expect(this.page.getByTestId('toolbar-title')).toBeVisible();
  }
}
