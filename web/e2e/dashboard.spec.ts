import { expect, test } from './fixtures';

test.describe('Dashboard', () => {
  test.beforeEach(async ({ loginScreen }) => {
    await loginScreen.goto();
    await loginScreen.loginAsDemo();
  });

  test("greets the user by first and last name, counts today's appointments and the open orders", async ({ page, api }) => {
    const user = api.user!;
    await expect(page.getByTestId('welcome')).toHaveText(`Welcome, ${user.firstName} ${user.lastName}!`);
    // 'Appointments Scheduled': today's booked appointments at the practice (Los Angeles in the demo).
    const today = await api.practiceToday();
    const day = await api.get<Array<{ pending: boolean }>>(`/api/scheduling/1/appointments?date=${today}`);
    const booked = day.filter((a) => !a.pending).length;
    expect(booked).toBeGreaterThan(0);
    await expect(page.getByTestId('appointments-card-count')).toHaveText(booked.toLocaleString('en-US'));
    // 'Orders Open': GET /api/orders/?limit=1&statuses=0, read from x-total-count.
    const open = await api.orderCount('statuses=0');
    expect(open).toBeGreaterThan(0);
    await expect(page.getByTestId('orders-card-count')).toHaveText(open.toLocaleString('en-US'));
    await expect(page.getByRole('heading', { name: 'Appointments Scheduled' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Orders Open' })).toBeVisible();
  });

  test('cards link to the schedule and the orders', async ({ page }) => {
    await page.getByTestId('appointments-card').getByRole('link').click();
    await expect(page).toHaveURL(/\/app\/appointments$/);
    await page.goBack();
    await page.getByTestId('orders-card').getByRole('link').click();
    await expect(page).toHaveURL(/\/app\/orders$/);
  });

  test("lists recently viewed patients and offers 'Search for Patient'", async ({ page, api }) => {
    const { recentPatients } = await api.preferences(['recentPatients']);
    const ids = Array.isArray(recentPatients) ? (recentPatients as number[]) : [];
    const card = page.getByTestId('recent-card');
    await expect(card.getByRole('heading', { name: 'Recently Viewed Patients' })).toBeVisible();
    if (ids.length === 0) {
      await expect(card.getByText('No recently viewed patients yet.', { exact: false })).toBeVisible();
    } else {
      await expect(card.getByRole('listitem')).toHaveCount(ids.length);
      await expect(card.getByRole('link').first()).toHaveAttribute('href', `/app/patients/${ids[0]}/patient_home`);
    }
    await card.getByRole('link', { name: 'Search for Patient' }).click();
    await expect(page).toHaveURL(/\/app\/patients$/);
  });

  test("'New Account' opens 'Add Patient in New Account'", async ({ page }) => {
    await page.getByRole('button', { name: 'New Account' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Patient in New Account' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByLabel('First Name')).toBeVisible();
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toBeHidden();
  });

  test('lists the patients viewed, newest first, by name, each linking to its home', async ({ page, api, shell }) => {
    const first = await api.get<{ patientId: number; firstName: string; lastName: string }>('/api/patients/2');
    const second = await api.get<{ patientId: number; firstName: string; lastName: string }>('/api/patients/5');
    for (const p of [first, second]) {
      await page.goto(`patients/${p.patientId}/patient_home`);
      await expect(page.getByTestId('patient-name')).toContainText(p.lastName);
    }
    await expect.poll(async () => (await api.preferences(['recentPatients']))['recentPatients']).toEqual([second.patientId, first.patientId]);
    await shell.navigateTo('Dashboard');
    const card = page.getByTestId('recent-card');
    const links = card.getByRole('list', { name: 'Recently viewed patients' }).getByRole('link');
    await expect(links).toHaveCount(2);
    await expect(links.nth(0)).toContainText(`${second.lastName}, ${second.firstName}`);
    await expect(links.nth(1)).toContainText(`${first.lastName}, ${first.firstName}`);
    await links.nth(1).click();
    await expect(page).toHaveURL(new RegExp(`/app/patients/${first.patientId}/patient_home$`));
    // Opened again: first in the list once more.
    await expect.poll(async () => (await api.preferences(['recentPatients']))['recentPatients']).toEqual([first.patientId, second.patientId]);
  });
});
