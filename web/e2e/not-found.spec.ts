import { expect, test } from './fixtures';

test.describe('Addresses', () => {
  test.beforeEach(async ({ loginScreen }) => {
    await loginScreen.goto();
    await loginScreen.loginAsDemo();
  });

  test("an unknown path shows 'Page not found' with a Home button", async ({ page }) => {
    await page.goto('no/such/page');
    await expect(page.getByRole('main').getByRole('heading', { name: 'Page not found' })).toBeVisible();
    await expect(page.getByTestId('toolbar-title')).toHaveText('Page not found');
    await page.getByRole('link', { name: 'Home' }).click();
    await expect(page).toHaveURL(/\/app\/dashboard$/);
  });

  test('an address with index.html goes to the last visited page', async ({ page, shell }) => {
    await shell.navigateTo('Orders');
    await expect(page).toHaveURL(/\/app\/orders$/);
    // The page is remembered once it has rendered; the address changes a moment before.
    await expect(page.getByTestId('toolbar-title')).toHaveText('Orders');
    await page.goto('index.html');
    await expect(page).toHaveURL(/\/app\/orders$/);
  });
});
