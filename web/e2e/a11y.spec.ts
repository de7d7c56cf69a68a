import AxeBuilder from '@axe-core/playwright';
import { expect, test } from './fixtures';

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

test.describe('Accessibility (axe)', () => {
  test.use({ reducedMotion: 'reduce' });

  test('the login screen has no violations', async ({ page, loginScreen }) => {
    await loginScreen.goto();
    const result = await new AxeBuilder({ page }).withTags(TAGS).analyze();
    expect(result.violations).toEqual([]);
  });

  test('the login screen with an error message has no violations', async ({ page, loginScreen }) => {
    await loginScreen.goto();
    await loginScreen.submit('ADMIN', 'password');
    await expect(loginScreen.error).toBeVisible();
    const result = await new AxeBuilder({ page }).withTags(TAGS).analyze();
    expect(result.violations).toEqual([]);
  });

  for (const viewport of [
    { width: 360, height: 640 },
    { width: 1280, height: 800 },
  ]) {
    test(`the dashboard has no violations at ${viewport.width}x${viewport.height}`, async ({ page, loginScreen }) => {
      await page.setViewportSize(viewport);
      await loginScreen.goto();
      await loginScreen.loginAsDemo();
      await expect(page.getByTestId('welcome')).toBeVisible();
      const result = await new AxeBuilder({ page }).withTags(TAGS).analyze();
      expect(result.violations).toEqual([]);
    });
  }

  test('the preferences screen has no violations', async ({ page, loginScreen }) => {
    await loginScreen.goto();
    await loginScreen.loginAsDemo();
    await page.goto('preferences');
    await expect(page.getByRole('combobox', { name: 'Default View' })).toBeVisible();
    const result = await new AxeBuilder({ page }).withTags(TAGS).analyze();
    expect(result.violations).toEqual([]);
  });
});
