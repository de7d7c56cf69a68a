import { expect, test, type DemoOrder, type DemoPatient } from './fixtures';
import { OrderDetail, OrderFormDialog, OrderPatientChooser, OrdersScreen } from './pages/orders';
import { PatientArea } from './pages/patient-area';

const unique = (what: string) => `${what} ${Date.now().toString(36)}`;
const ALL_STATUSES = { offices: 'all', statuses: 'all', providers: 'all', types: 'all', signed: 'both' };

test.describe('Orders at phone width', () => {
  test.use({ viewport: { width: 360, height: 640 }, hasTouch: true, isMobile: true });

  test.beforeEach(async ({ loginScreen }) => {
    await loginScreen.goto();
    await loginScreen.loginAsDemo();
  });

  test('a new order from the orders page: patient by Search for Patient, wrong input first, then right', async ({ page, api }) => {
    const patient = await api.get<DemoPatient>('/api/patients/5');
    const user = api.user!;
    const mineBefore = await api.orderCount(`user=${user.userId}&statuses=0`);
    const orders = new OrdersScreen(page);
    await orders.goto();
    await expect(orders.tab('Mine')).toHaveAttribute('aria-selected', 'true');
    await expect(orders.count('Mine')).toHaveText(String(mineBefore));

    await orders.newOrder.click();
    const chooser = new OrderPatientChooser(page);
    await expect(chooser.dialog).toBeVisible();
    await expect(chooser.createBlankOrder).toBeVisible();
    await chooser.searchAndChoose(patient.lastName, patient.firstName);
    await expect(chooser.dialog).toBeHidden();

    const form = new OrderFormDialog(page, 'New Order');
    await expect(form.patient).toContainText(`${patient.lastName}, ${patient.firstName}`);
    // The defaults: type 100 (General), status Open, the logged-in user, the patient's provider and office.
    await expect.poll(() => form.chosen('Type')).toBe('General');
    await expect.poll(() => form.chosen('Status')).toBe('Open');
    await expect.poll(() => form.chosen('Assigned To')).toBe(`${user.firstName} ${user.lastName}`);
    const provider = patient.patientProvider ?? patient.accountProvider;
    if (provider) await expect.poll(() => form.chosen('Provider')).toBe(`${provider.firstName} ${provider.lastName}`);
    if (patient.patientOffice) await expect.poll(() => form.chosen('Office')).toBe(patient.patientOffice.name);

    // Wrong input: the three required fields say so.
    await form.choose('Type', 'None');
    await form.choose('Assigned To', 'None');
    await form.save.click();
    await expect(form.errorsBanner).toBeVisible();
    await form.expectFieldError('Type', 'Required field');
    await form.expectFieldError('Short Description', 'Required field');
    await form.expectFieldError('Assigned To', 'Required field');

    // Right input.
    const title = unique('Fasting glucose');
    await form.choose('Type', 'Lab');
    await form.fill('Short Description', title);
    await form.fill('Long Description', 'Draw before 9 am.');
    await form.choose('Assigned To', `${user.firstName} ${user.lastName}`);
    await form.fill('Due', '2026-12-15');
    await form.field('Urgent Order').check();
    await form.fill('Order Notes', 'Patient prefers mornings');
    const listCalls: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'GET' && /\/api\/orders\/\?.*limit=25/.test(r.url())) listCalls.push(r.url());
    });
    await form.save.click();
    await expect(page.getByRole('alert').filter({ hasText: 'Your order was successfully saved!' })).toBeVisible();
    await expect(form.dialog).toBeHidden();

    // On top of the list at once, its title red (urgent), and the Mine count one more.
    const first = orders.rows.first();
    await expect(first.getByTestId('order-title')).toContainText(title);
    await expect(first.getByTestId('order-title')).toHaveCSS('color', 'rgb(183, 28, 28)');
    await expect(first.getByTestId('status-dot')).toHaveAttribute('data-dot', 'open');
    await expect(orders.count('Mine')).toHaveText(String(mineBefore + 1));
    // Placed from the answer to the save: the list was not asked for again.
    expect(listCalls).toEqual([]);

    const [saved] = await api.orders(`user=${user.userId}`, 1);
    expect(saved).toMatchObject({ shortDescription: title, patientId: patient.patientId, typeId: 1, urgent: true, due: '2026-12-15', orderStatusId: 1 });
    expect(saved!.providerId).toBe(provider?.userId ?? null);
    const detail = await api.get<DemoOrder>(`/api/orders/${saved!.ordersId}`);
    expect(detail.orderNotes.map((n) => n.message)).toEqual(['Patient prefers mornings']);
  });

  test("'Create Blank Order': no patient, and only the 'None' incident", async ({ page, api }) => {
    const orders = new OrdersScreen(page);
    await orders.goto();
    await orders.newOrder.click();
    const chooser = new OrderPatientChooser(page);
    await chooser.createBlankOrder.click();
    const form = new OrderFormDialog(page, 'New Order');
    await expect(form.patient).toHaveText('No patient (blank order)');
    await expect(form.field('Incident').locator('option')).toHaveText(['None']);
    const title = unique('Order office supplies');
    await form.fill('Short Description', title);
    await form.save.click();
    await expect(form.dialog).toBeHidden();
    await orders.row(title).click();
    const detail = new OrderDetail(page);
    await expect(detail.value('Patient')).toHaveText('No patient (blank order)');
    await expect(detail.value('Short Description')).toHaveText(title);
    const [saved] = await api.orders('', 1);
    expect(saved).toMatchObject({ shortDescription: title, patientId: null, incidentId: null });
  });

  test("'New Order' on a patient's speed dial: that patient, their provider, office and current incident", async ({ page, api }) => {
    const { patient, incidentId } = await api.findPatientWithCurrentIncident();
    const incidents = await api.get<Array<{ incidentId: number; incidentName: string }>>(`/api/patients/${patient.patientId}/incidents`);
    const current = incidents.find((i) => i.incidentId === incidentId)!;
    const area = new PatientArea(page);
    await area.goto(patient.patientId);
    await page.getByRole('button', { name: 'Patient actions' }).click();
    await page.getByRole('menuitem', { name: 'New Order' }).click();

    const form = new OrderFormDialog(page, 'New Order');
    await expect(form.patient).toContainText(`${patient.lastName}, ${patient.firstName}`);
    await expect.poll(() => form.chosen('Incident')).toBe(current.incidentName);
    await expect(form.field('Incident').locator('option')).toHaveText(['None', ...incidents.map((i) => i.incidentName)]);
    if (patient.patientOffice) await expect.poll(() => form.chosen('Office')).toBe(patient.patientOffice.name);
    const title = unique('Recall for cleaning');
    await form.choose('Type', 'Recall');
    await form.fill('Short Description', title);
    await form.save.click();
    await expect(page.getByRole('alert').filter({ hasText: 'Your order was successfully saved!' })).toBeVisible();
    await expect(form.dialog).toBeHidden();
    await expect(page).toHaveURL(new RegExp(`/patients/${patient.patientId}/patient_home$`));

    const [saved] = await api.orders('', 1);
    expect(saved).toMatchObject({ shortDescription: title, patientId: patient.patientId, incidentId, typeId: 102 });
    expect(saved!.officeId).toBe(patient.patientOffice?.id ?? null);
  });

  test("a field error only the server finds lands on its field, not in the API Error overlay", async ({ page }) => {
    // The form keeps within every rule it knows; an older app (or a rule changed on the server)
    // can still be refused: here the request is altered on its way to carry a type 50.
    await page.route('**/api/orders', async (route) => {
      if (route.request().method() !== 'POST') return route.continue();
      const body = JSON.parse(route.request().postData() ?? '{}') as Record<string, unknown>;
      return route.continue({ postData: JSON.stringify({ ...body, typeId: 50 }) });
    });
    const orders = new OrdersScreen(page);
    await orders.goto();
    await orders.newOrder.click();
    await new OrderPatientChooser(page).createBlankOrder.click();
    const form = new OrderFormDialog(page, 'New Order');
    await form.fill('Short Description', unique('Refused type'));
    await form.save.click();
    await form.expectFieldError('Type', 'Choose a type from the list');
    await expect(form.errorsBanner).toBeVisible();
    await expect(form.dialog).toBeVisible();
    await expect(page.getByRole('dialog', { name: 'API Error' })).toBeHidden();
    await expect(form.field('Short Description')).toHaveValue(/^Refused type/);
  });

  test('editing an order: the status changes, a note is appended, earlier notes stay', async ({ page, api }) => {
    const user = api.user!;
    const order = await api.createOrder({ patientId: 2, typeId: 100, shortDescription: unique('Call with results'), assignedToUserId: user.userId, orderNote: 'First call: no answer' });
    const detail = new OrderDetail(page);
    await detail.goto(order.ordersId);
    await expect(detail.value('Order Number')).toHaveText(order.orderNumber);
    await expect(detail.notes).toHaveCount(1);
    await expect(detail.statusUpdates).toHaveCount(1);

    await detail.edit.click();
    const form = new OrderFormDialog(page, 'Edit Order');
    await expect(form.field('Short Description')).toHaveValue(order.shortDescription);
    await expect(form.field('Order Notes')).toHaveValue('');
    await form.choose('Status', 'In Progress');
    await form.fill('Order Notes', 'Second call: results given');
    const reads: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'GET' && r.url().endsWith(`/api/orders/${order.ordersId}`)) reads.push(r.url());
    });
    await form.save.click();
    await expect(page.getByRole('alert').filter({ hasText: 'Your order was successfully saved!' })).toBeVisible();
    await expect(form.dialog).toBeHidden();

    // The page shows the saved order without reloading: both notes in order, the status history grown.
    await expect(detail.notes).toHaveCount(2);
    await expect(detail.notes.nth(0)).toContainText('First call: no answer');
    await expect(detail.notes.nth(1)).toContainText('Second call: results given');
    await expect(detail.notes.nth(1)).toContainText(`${user.firstName} ${user.lastName}`);
    await expect(detail.notes.nth(1)).toContainText(/\d{2}\/\d{2}\/\d{4} \d{2}:\d{2} (AM|PM)/);
    await expect(detail.statusUpdates).toHaveText([/^Open/, /^In Progress/]);
    await expect(page.getByTestId('order-detail-status')).toHaveText('In Progress');
    expect(reads).toEqual([]);

    const saved = await api.get<DemoOrder>(`/api/orders/${order.ordersId}`);
    expect(saved.orderNotes.map((n) => n.message)).toEqual(['First call: no answer', 'Second call: results given']);
    expect(saved.statusUpdates.map((u) => u.orderStatusId)).toEqual([1, 7]);

    // Back on the list, the order shows its new status.
    await page.getByRole('main').getByRole('link', { name: 'Orders' }).click();
    const orders = new OrdersScreen(page);
    await expect(orders.rowById(order.ordersId).getByTestId('order-status')).toHaveText('In Progress');
  });

  test('an edit refused because someone else saved the order meanwhile keeps what was typed and saves on top of theirs', async ({ page, api }) => {
    const user = api.user!;
    const order = await api.createOrder({ patientId: 2, typeId: 100, shortDescription: unique('Fax the referral'), assignedToUserId: user.userId });
    const detail = new OrderDetail(page);
    await detail.goto(order.ordersId);
    await detail.edit.click();
    const form = new OrderFormDialog(page, 'Edit Order');
    await expect(form.field('Short Description')).toHaveValue(order.shortDescription);
    await form.choose('Status', 'In Progress');
    await form.fill('Order Notes', 'Faxed twice');

    // Another desk marks it urgent and rewords it while the form is open.
    const theirs = unique('Fax the referral to Dr. Lee');
    await api.updateOrder(order.ordersId, { shortDescription: theirs, urgent: true });
    await form.save.click();

    const conflict = form.dialog.getByRole('alert').filter({ hasText: 'Someone else saved changes to this record while you were editing.' });
    await expect(conflict).toBeVisible();
    await expect(form.dialog).toBeVisible();
    await expect(page.getByRole('alert').filter({ hasText: 'Your order was successfully saved!' })).toBeHidden();
    await expect.poll(() => form.chosen('Status')).toBe('In Progress');
    await expect(form.field('Order Notes')).toHaveValue('Faxed twice');
    await expect(form.field('Short Description')).toHaveValue(theirs);
    await expect(form.field('Short Description')).toHaveAccessibleDescription(`Now saved: ${theirs}`);
    await expect(form.dialog.getByRole('checkbox', { name: 'Urgent Order' })).toBeChecked();
    await expect(form.dialog.getByRole('checkbox', { name: 'Urgent Order' })).toHaveAccessibleDescription('Now saved: Urgent');

    await form.save.click();
    await expect(page.getByRole('alert').filter({ hasText: 'Your order was successfully saved!' })).toBeVisible();
    await expect(form.dialog).toBeHidden();
    await expect(page.getByTestId('order-detail-status')).toHaveText('In Progress');
    await expect(detail.value('Short Description')).toHaveText(theirs);
    const saved = await api.get<DemoOrder>(`/api/orders/${order.ordersId}`);
    expect(saved).toMatchObject({ shortDescription: theirs, urgent: true, orderStatusId: 7 });
    expect(saved.orderNotes.map((n) => n.message)).toEqual(['Faxed twice']);
  });

  test('filters change the list and the counts, and are kept', async ({ page, api }) => {
    const user = api.user!;
    const orders = new OrdersScreen(page);
    await orders.goto();
    // The tabs by keyboard: the arrows move the focus (Tab reaches the selected one only), Enter selects.
    await orders.tab('Mine').focus();
    await expect(orders.tab('All')).toHaveAttribute('tabindex', '-1');
    await page.keyboard.press('ArrowRight');
    await expect(orders.tab('All')).toBeFocused();
    await expect(orders.tab('Mine')).toHaveAttribute('aria-selected', 'true');
    await page.keyboard.press('Home');
    await expect(orders.tab('Mine')).toBeFocused();
    await page.keyboard.press('End');
    await page.keyboard.press('Enter');
    await expect(orders.tab('All')).toHaveAttribute('aria-selected', 'true');
    await expect(orders.tab('All')).toHaveAttribute('tabindex', '0');
    await expect(page.getByRole('tabpanel')).toHaveAttribute('aria-labelledby', 'orders-tab-all');
    await orders.tab('Mine').click();
    await expect(orders.tab('Mine')).toHaveAttribute('aria-selected', 'true');
    await orders.tab('All').click();
    await expect(orders.tab('All')).toHaveAttribute('aria-selected', 'true');
    // All Open (the default): statuses 1, 7 and 8.
    await expect(orders.count('All')).toHaveText(String(await api.orderCount('statuses=0')));
    await expect(orders.count('Mine')).toHaveText(String(await api.orderCount(`user=${user.userId}&statuses=0`)));
    await expect.poll(async () => (await api.preferences(['defaultOrdersView']))['defaultOrdersView']).toBe('all');
    // The badge counts filters changed from the defaults: none yet.
    await expect(orders.filters).toHaveAccessibleName('Filters');
    await expect(orders.filters.getByTestId('filter-count')).toBeHidden();

    // One status: Results Available (blue dots).
    await orders.applyFilters({ Statuses: ['Results Available'] });
    await expect(orders.filters).toHaveAccessibleName('Filters (1 in use)');
    await expect(orders.filters.getByTestId('filter-count')).toHaveText('1');
    await expect(orders.count('All')).toHaveText(String(await api.orderCount('statuses=9')));
    await expect(orders.count('Mine')).toHaveText(String(await api.orderCount(`user=${user.userId}&statuses=9`)));
    await expect(orders.rows.first().getByTestId('status-dot')).toHaveAttribute('data-dot', 'available');
    await expect(orders.rows.first().getByTestId('order-status')).toHaveText('Results Available');

    // And unsigned only.
    const unsigned = await api.orderCount('statuses=9&unsigned=1');
    await orders.applyFilters({ Signed: ['Unsigned'] });
    await expect(orders.count('All')).toHaveText(String(unsigned));
    await expect(orders.filters).toHaveAccessibleName('Filters (2 in use)');
    await expect.poll(async () => (await api.preferences(['ordersFilters']))['ordersFilters']).toEqual({ ...ALL_STATUSES, statuses: [9], signed: false });

    // Kept across visits, with the tab.
    await page.reload();
    await expect(orders.tab('All')).toHaveAttribute('aria-selected', 'true');
    await expect(orders.count('All')).toHaveText(String(unsigned));

    // The keyword narrows the filtered list on the server: the counts are of the matches.
    const first = (await api.orders('statuses=9&unsigned=1', 1))[0]!;
    await orders.keyword.fill(first.orderNumber);
    await expect(orders.rows).toHaveCount(1);
    await expect(orders.rows.first()).toContainText(`#${first.orderNumber}`);
    await expect(orders.count('All')).toHaveText('1');
    await expect(orders.main.getByRole('status').filter({ hasText: /shown$/ })).toHaveText('1 order shown');
    await orders.keyword.fill('zzz no such order');
    await expect(orders.noOrders).toHaveText('No orders were found');
    await orders.keyword.fill('');
    await expect(orders.count('All')).toHaveText(String(unsigned));
  });

  test('the keyword searches every order, not only the pages loaded', async ({ page, api }) => {
    await api.savePreference('ordersFilters', ALL_STATUSES);
    await api.savePreference('defaultOrdersView', 'all');
    // A word of the oldest order's description: far past the first page of the list.
    const total = await api.orderCount();
    const [oldest] = await api.orders(`offset=${total - 1}`, 1);
    const word = oldest!.shortDescription.split(/\s+/).find((w) => w.length >= 4) ?? oldest!.shortDescription;
    const matching = await api.orderCount(`keyword=${encodeURIComponent(word)}`);
    expect(matching).toBeLessThan(total);
    const orders = new OrdersScreen(page);
    await orders.goto();
    await orders.keyword.fill(word);
    await expect(orders.count('All')).toHaveText(String(matching));
    await expect(orders.rows.first()).toBeVisible();
    if (matching <= 5) await expect(orders.row(`#${oldest!.orderNumber}`)).toBeVisible();
  });

  test('the list scrolls past its first page (All, no filters)', async ({ page, api }) => {
    await api.savePreference('ordersFilters', ALL_STATUSES);
    await api.savePreference('defaultOrdersView', 'all');
    const total = await api.orderCount();
    expect(total).toBeGreaterThan(50);
    const [twentySixth] = await api.orders('offset=25', 1);
    const [fiftyFirst] = await api.orders('offset=50', 1);
    const orders = new OrdersScreen(page);
    await orders.goto();
    await expect(orders.tab('All')).toHaveAttribute('aria-selected', 'true');
    await expect(orders.count('All')).toHaveText(String(total));
    await expect(orders.rows.first()).toBeVisible();
    // Virtual: only the rows near the screen are in the page.
    expect(await orders.rows.count()).toBeLessThan(25);

    for (const target of [twentySixth!, fiftyFirst!]) {
      // Scroll as a thumb does, less than a screen at a time (never past a row unseen), until
      // the row is there: the next pages load on the way.
      await expect
        .poll(
          async () => {
            if ((await orders.rowById(target.ordersId).count()) > 0) return true;
            await page.evaluate(() => window.scrollBy(0, 500));
            return false;
          },
          { timeout: 45_000, intervals: [150] },
        )
        .toBe(true);
      await expect(orders.rowById(target.ordersId)).toContainText(target.shortDescription);
    }
  });
});

test.describe('Order detail (desktop)', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('shows every field, links to the patient, and a missing order says so', async ({ page, api, loginScreen, shell }) => {
    // One of the first rows (the list is virtual: only rows near the screen are in the page).
    const order = (await api.orders('statuses=0', 6)).find((o) => o.patientId)!;
    await loginScreen.goto();
    await loginScreen.loginAsDemo();
    await shell.navigateTo('Orders');
    const orders = new OrdersScreen(page);
    await orders.tab('All').click();
    await orders.rowById(order.ordersId).click();
    await expect(page).toHaveURL(new RegExp(`/app/orders/${order.ordersId}$`));
    const detail = new OrderDetail(page);
    await expect(detail.value('Order Number')).toHaveText(order.orderNumber);
    await expect(detail.value('Order Type')).toHaveText(order.typeString);
    await expect(detail.value('Short Description')).toHaveText(order.shortDescription);
    await expect(detail.value('Due Date')).toHaveText(order.dueDate ?? '—');
    await expect(detail.value('Assigned To')).toHaveText(order.assignedToName);
    await expect(detail.value('Provider')).toHaveText(order.providerName ?? '—');
    await expect(detail.value('Office')).toHaveText(order.officeString ?? '—');
    await expect(detail.value('Incident')).toHaveText(order.incident?.incidentName ?? '—');
    await expect(page.getByRole('main').getByRole('heading', { name: 'Status Updates' })).toBeVisible();
    await expect(page.getByRole('main').getByRole('heading', { name: 'Notes' })).toBeVisible();
    await detail.value('Patient').getByRole('link', { name: order.patientName! }).click();
    await expect(page).toHaveURL(new RegExp(`/app/patients/${order.patientId}/patient_home$`));

    await detail.goto(999999);
    await expect(page.getByTestId('no-order')).toHaveText('No order found with ID 999999');
    // The page says it; the API Error overlay does not also open.
    await expect(page.getByRole('dialog', { name: 'API Error' })).toBeHidden();
  });
});
