import AxeBuilder from '@axe-core/playwright';
import type { Locator, Page, Request } from '@playwright/test';
import { expect, SHOWCASE_PATIENT, test, type ServerApi } from './fixtures';
import { checkLayout } from './layout';

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/** Cents as the app shows them: 40099 -> '$400.99', -37500 -> '-$375.00'. */
function dollars(cents: number): string {
  const abs = Math.abs(cents);
  const text = `$${Math.trunc(abs / 100).toLocaleString('en-US')}.${String(abs % 100).padStart(2, '0')}`;
  return cents < 0 ? `-${text}` : text;
}

/** axe finds nothing and the layout check (text whole, 360 px wide, nothing under a floating button) is clean. */
async function clean(page: Page, name: string): Promise<void> {
  await checkLayout(page, name);
  const result = await new AxeBuilder({ page }).withTags(TAGS).analyze();
  expect(result.violations).toEqual([]);
}


interface Balance {
  patientPortion: number;
  insurancePortion: number;
  unapplied: number;
  accountBalance: number;
}

async function balanceOf(api: ServerApi, patientId: number): Promise<Balance> {
  const { status, body } = await api.call('GET', `/api/patients/patient/${patientId}/balance`);
  expect(status).toBe(200);
  return body as Balance;
}

interface FeeRow {
  code: string;
  description: string;
  fee: number;
  units: number;
  calculationMethod: number;
}

/** The fee schedule's codes the search finds (the server's own answer, to know what to expect). */
async function fees(api: ServerApi, search: string, feeScheduleId = 1): Promise<FeeRow[]> {
  const { status, body } = await api.call('GET', `/api/fee/?search=${encodeURIComponent(search)}&feeScheduleId=${feeScheduleId}` as never);
  expect(status).toBe(200);
  return body as FeeRow[];
}

/**
 * A real touch drag (Chromium's touch input through the DevTools protocol): a finger on
 * `from`, held past the drag's activation delay, moved in steps onto `to`, lifted.
 */
async function touchDrag(page: Page, from: Locator, to: Locator): Promise<void> {
  const a = await from.boundingBox();
  const b = await to.boundingBox();
  if (!a || !b) throw new Error('Nothing to drag');
  const start = { x: a.x + a.width / 2, y: a.y + a.height / 2 };
  const end = { x: start.x, y: b.y + b.height * 0.75 };
  const cdp = await page.context().newCDPSession(page);
  const touch = (type: 'touchStart' | 'touchMove' | 'touchEnd', at: { x: number; y: number }) =>
    cdp.send('Input.dispatchTouchEvent', { type, touchPoints: type === 'touchEnd' ? [] : [{ x: Math.round(at.x), y: Math.round(at.y), id: 1, radiusX: 4, radiusY: 4, force: 1 }] });
  await touch('touchStart', start);
  await page.waitForTimeout(400);
  const steps = 15;
  for (let i = 1; i <= steps; i += 1) {
    await touch('touchMove', { x: start.x, y: start.y + ((end.y - start.y) * i) / steps });
    await page.waitForTimeout(30);
  }
  await page.waitForTimeout(200);
  await touch('touchEnd', end);
  await cdp.detach();
}

const main = (page: Page) => page.getByRole('main');
const dialog = (page: Page, name: string | RegExp) => page.getByRole('dialog', { name });
const diagnosisRows = (page: Page) => main(page).getByTestId('diagnosis-row');
const pointers = async (page: Page) => (await diagnosisRows(page).allInnerTexts()).map((t) => t.split('\n')[0]!.replace(/\s+/g, ''));

async function addDiagnosis(page: Page, search: string, code: string): Promise<void> {
  await main(page).getByRole('button', { name: 'Add Diagnosis' }).tap();
  const search_ = dialog(page, 'Diagnosis Search');
  await expect(search_).toBeVisible();
  await search_.getByLabel('Search ICD-10-CM codes or descriptions', { exact: true }).fill(search);
  await search_.getByRole('button', { name: new RegExp(`^${code.replace('.', '\\.')} `) }).first().tap();
}

async function pickProcedure(page: Page, search: string, code: string): Promise<Locator> {
  const procedures = dialog(page, /^(Procedures|Edit .*)$/);
  await procedures.getByLabel('Search procedure codes or descriptions', { exact: true }).fill(search);
  await procedures.getByRole('button', { name: new RegExp(`^${code} `) }).first().click();
  await expect(procedures.getByLabel('Procedure', { exact: true })).toHaveValue(code);
  return procedures;
}

test.describe('Billing Order at 360x640', () => {
  test.use({ viewport: { width: 360, height: 640 }, hasTouch: true, isMobile: true, reducedMotion: 'reduce' });

  test.beforeEach(async ({ loginScreen }) => {
    await loginScreen.goto();
    await loginScreen.loginAsDemo();
  });

  test('a dental charge with tooth, surface and two reordered diagnoses, a charge without diagnoses, then the balance', async ({ page, api }) => {
    for (const key of ['allowDx', 'allowModifiers', 'allowToothSurface'] as const) await api.savePreference(key, true);
    const patient = await api.newAdult('Dora', 'Bill');
    const before = await balanceOf(api, patient.patientId);
    const [composite] = await fees(api, 'PC-FILL3');
    const [evaluation] = await fees(api, 'PC-EXAM');
    expect(composite?.code, 'the demo fee schedule has PC-FILL3').toBe('PC-FILL3');
    expect(evaluation?.code, 'the demo fee schedule has PC-EXAM').toBe('PC-EXAM');

    await page.goto(`patients/${patient.patientId}/new_charge`);
    await expect(main(page).getByLabel('Procedure Date')).toHaveValue(await api.practiceToday());
    await expect(main(page).getByRole('combobox', { name: 'Provider', exact: true })).toHaveValue('3');
    await expect(main(page).getByRole('region', { name: 'Diagnosis' })).toBeVisible();
    await expect(main(page).getByTestId('no-diagnoses')).toBeVisible();
    await expect(main(page).getByRole('button', { name: 'Create Order' })).toBeDisabled();
    await clean(page, 'billing-order-empty');

    // The diagnosis search: nothing found, then two codes; a third time the same one is refused.
    await main(page).getByRole('button', { name: 'Add Diagnosis' }).tap();
    const search = dialog(page, 'Diagnosis Search');
    await search.getByLabel('Search ICD-10-CM codes or descriptions', { exact: true }).fill('qqzzxx');
    await expect(search.getByText('There are no diagnoses matching your search. Search again or exit the search', { exact: true })).toBeVisible();
    await search.getByLabel('Search ICD-10-CM codes or descriptions', { exact: true }).fill('K02.52');
    await expect(search.getByRole('button', { name: /^K02\.52 / })).toBeVisible();
    await clean(page, 'billing-diagnosis-search');
    await search.getByRole('button', { name: /^K02\.52 / }).tap();
    await expect(search).toBeHidden();
    await addDiagnosis(page, 'E11.9', 'E11.9');
    await expect(dialog(page, 'Diagnosis Search')).toBeHidden();
    await addDiagnosis(page, 'E11.9', 'E11.9');
    await expect(page.getByRole('alert').filter({ hasText: 'Cannot Add Duplicate Diagnoses' })).toBeVisible();
    await dialog(page, 'Diagnosis Search').getByRole('banner').getByRole('button', { name: 'Close' }).tap();
    await expect.poll(() => pointers(page)).toEqual(['A:K02.52', 'B:E11.9']);

    // Reordered: a Move button, then the keyboard (pick up, down, drop); the pointers follow.
    await main(page).getByRole('button', { name: 'Move E11.9 up' }).tap();
    await expect.poll(() => pointers(page)).toEqual(['A:E11.9', 'B:K02.52']);
    await main(page).getByRole('button', { name: 'Drag E11.9 to reorder' }).focus();
    await page.keyboard.press('Space');
    await page.waitForTimeout(200);
    await page.keyboard.press('ArrowDown');
    await page.waitForTimeout(200);
    await page.keyboard.press('Space');
    await expect.poll(() => pointers(page)).toEqual(['A:K02.52', 'B:E11.9']);
    // Touch: hold the handle, then drag it below the other row.
    await touchDrag(page, main(page).getByRole('button', { name: 'Drag K02.52 to reorder' }), diagnosisRows(page).nth(1));
    await expect.poll(() => pointers(page)).toEqual(['A:E11.9', 'B:K02.52']);

    // Procedures: the patient's fee schedule is chosen; none chosen asks for one.
    await main(page).getByRole('button', { name: 'Add Procedure' }).tap();
    const procedures = dialog(page, 'Procedures');
    await expect(procedures.getByRole('combobox', { name: 'Fee Schedule', exact: true })).toHaveValue('1');
    await procedures.getByRole('combobox', { name: 'Fee Schedule', exact: true }).selectOption('');
    await procedures.getByLabel('Search procedure codes or descriptions', { exact: true }).fill('PC-FILL');
    await expect(procedures.getByText('Fee Schedule is required', { exact: true })).toBeVisible();
    await procedures.getByRole('combobox', { name: 'Fee Schedule', exact: true }).selectOption('1');
    await procedures.getByLabel('Search procedure codes or descriptions', { exact: true }).fill('qqzzxx');
    await expect(procedures.getByText('There are no procedure codes matching your search. Search again or exit the search.', { exact: true })).toBeVisible();
    await clean(page, 'billing-procedure-search-empty');

    await pickProcedure(page, 'fill three', 'PC-FILL3');
    await expect(procedures.getByLabel('Description', { exact: true })).toHaveValue(composite!.description);
    await expect(procedures.getByLabel('Unit Fee', { exact: true })).toHaveValue(dollars(composite!.fee));
    for (const label of ['Procedure', 'Description', 'Unit Fee']) await expect(procedures.getByLabel(label, { exact: true })).toHaveAttribute('readonly', '');
    // A flat fee: the units are fixed.
    expect(composite!.calculationMethod).toBe(0);
    await expect(procedures.getByLabel('Units', { exact: true })).toBeDisabled();
    for (const n of [1, 2, 3, 4]) await expect(procedures.getByLabel(`Modifier ${n}`, { exact: true })).toBeVisible();
    await procedures.getByLabel('Tooth', { exact: true }).fill('3');
    await procedures.getByLabel('Surface', { exact: true }).pressSequentially('mxodm');
    await expect(procedures.getByLabel('Surface', { exact: true })).toHaveValue('MOD');
    await procedures.getByRole('checkbox', { name: /^A: E11\.9/ }).check();
    await procedures.getByRole('checkbox', { name: /^B: K02\.52/ }).check();
    await clean(page, 'billing-charge-form');
    await procedures.getByRole('button', { name: 'Add Another' }).tap();
    // Back at the search, which says what was added and offers to finish there too.
    await expect(procedures.getByRole('status').filter({ hasText: 'PC-FILL3 was added.' })).toBeVisible();
    await expect(procedures.getByRole('button', { name: 'Review & Finish' })).toBeVisible();
    await clean(page, 'billing-procedure-added');

    const evaluationForm = await pickProcedure(page, 'PC-EXAM', 'PC-EXAM');
    await expect(evaluationForm.getByRole('checkbox', { name: /^A: / })).not.toBeChecked();
    await evaluationForm.getByRole('button', { name: 'Review & Finish' }).tap();
    await expect(procedures).toBeHidden();

    // The list: both charges, the running total, a diagnosis in use cannot go.
    const charges = main(page).getByTestId('charge-row');
    await expect(charges).toHaveCount(2);
    await expect(charges.nth(0)).toContainText('Tooth 3 · Surface MOD · Pointers AB');
    // Both are flat fees: the order's total is their unit fees.
    expect(evaluation!.calculationMethod).toBe(0);
    const total = composite!.fee + evaluation!.fee;
    await expect(main(page).getByTestId('order-total')).toHaveText(dollars(total));
    await expect(main(page).getByRole('button', { name: 'Remove K02.52' })).toBeDisabled();

    // Editing asks before throwing a typed change away, then saves it.
    await main(page).getByRole('button', { name: 'Edit PC-EXAM' }).tap();
    const edit = dialog(page, 'Edit PC-EXAM');
    await expect(edit.getByRole('button', { name: 'Save Changes' })).toBeVisible();
    await edit.getByLabel('Modifier 1', { exact: true }).fill('25');
    await edit.getByRole('banner').getByRole('button', { name: 'Close' }).tap();
    await page.getByRole('alertdialog', { name: 'Discard changes?' }).getByRole('button', { name: 'Keep Editing' }).tap();
    await edit.getByRole('button', { name: 'Save Changes' }).tap();
    await expect(charges.nth(1)).toContainText('Modifiers 25');
    await clean(page, 'billing-order-filled');

    // Create Order: one post, with its key; the success snackbar; the patient home 3 s later.
    const posted: Request[] = [];
    page.on('request', (r) => {
      if (r.method() === 'POST' && r.url().endsWith(`/api/patients/patient/${patient.patientId}/charge`)) posted.push(r);
    });
    await main(page).getByRole('button', { name: 'Create Order' }).tap();
    await expect(page.getByRole('alert').filter({ hasText: 'Billing Order Successfully Sent' })).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/patients/${patient.patientId}/patient_home$`), { timeout: 8000 });
    expect(posted).toHaveLength(1);
    expect(posted[0]!.headers()['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
    const body = posted[0]!.postDataJSON() as { providerId: number; charges: Array<Record<string, unknown>> };
    expect(body.providerId).toBe(3);
    expect(body.charges[0]).toMatchObject({ procedure: 'PC-FILL3', tooth: '3', surface: 'MOD', diagnosisIds: ['ICD10CM:E11.9', 'ICD10CM:K02.52'] });
    expect(body.charges[1]).toMatchObject({ procedure: 'PC-EXAM', modifier1: '25', diagnosisIds: [] });

    // The balance moved by the order's total.
    const after = await balanceOf(api, patient.patientId);
    expect(after.accountBalance - before.accountBalance).toBe(total);
    await page.goto(`patients/${patient.patientId}/demographics/balances`);
    const account = main(page).locator('dt', { hasText: /^Account$/ }).locator('xpath=following-sibling::dd[1]');
    await expect(account).toHaveText(dollars(after.accountBalance));
  });

  test('with the preferences off: no Diagnosis card, no modifiers, tooth or surface; a lost answer is retried with the same key and posts once', async ({ page, api }) => {
    const patient = await api.newAdult('Otto', 'Bill');
    const before = await balanceOf(api, patient.patientId);
    await page.goto(`patients/${patient.patientId}/new_charge`);
    await expect(main(page).getByRole('region', { name: 'Procedures' })).toBeVisible();
    await expect(main(page).getByRole('region', { name: 'Diagnosis' })).toHaveCount(0);
    await main(page).getByRole('button', { name: 'Add Procedure' }).tap();
    const [sealant] = await fees(api, 'PC-SEAL');
    expect(sealant?.calculationMethod, 'PC-SEAL is priced per unit').toBe(1);
    const procedures = await pickProcedure(page, 'seal', 'PC-SEAL');
    await procedures.getByLabel('Units', { exact: true }).fill('2');
    await expect(procedures.getByTestId('charge-fee')).toHaveText(`Fee: ${dollars(sealant!.fee * 2)}`);
    await expect(procedures.getByLabel('Modifier 1', { exact: true })).toHaveCount(0);
    await expect(procedures.getByLabel('Tooth', { exact: true })).toHaveCount(0);
    await expect(procedures.getByLabel('Surface', { exact: true })).toHaveCount(0);
    await expect(procedures.getByRole('checkbox')).toHaveCount(0);
    await procedures.getByRole('button', { name: 'Review & Finish' }).tap();
    await expect(main(page).getByTestId('order-total')).toHaveText(dollars(sealant!.fee * 2));
    await clean(page, 'billing-order-no-preferences');

    // Provider is required: checked when it changes and before Create Order.
    await main(page).getByRole('combobox', { name: 'Provider', exact: true }).selectOption('');
    await expect(main(page).getByText('Provider is required', { exact: true })).toBeVisible();
    await main(page).getByRole('button', { name: 'Create Order' }).tap();
    await expect(main(page).getByTestId('form-errors')).toBeVisible();
    await main(page).getByRole('combobox', { name: 'Provider', exact: true }).selectOption('3');
    // The first answer is lost on its way back (the server did post): the app sends the same
    // order again with the same key, and the server answers the first 201 without posting twice.
    const keys: string[] = [];
    await page.route('**/api/patients/patient/*/charge', async (route) => {
      keys.push(route.request().headers()['idempotency-key'] ?? '');
      if (keys.length === 1) {
        await route.fetch();
        await route.abort('failed');
      } else await route.continue();
    });
    await expect(main(page).getByText('Provider is required', { exact: true })).toBeHidden();
    await main(page).getByRole('button', { name: 'Create Order' }).tap();
    await expect(page.getByRole('alert').filter({ hasText: 'Billing Order Successfully Sent' })).toBeVisible();
    await expect(page).toHaveURL(/\/patient_home$/, { timeout: 8000 });
    expect(keys).toHaveLength(2);
    expect(keys[1]).toBe(keys[0]);
    expect((await balanceOf(api, patient.patientId)).accountBalance - before.accountBalance).toBe(sealant!.fee * 2);
  });

  test("the diagnoses start as the patient's active problems; a refused order stays with the server's messages", async ({ page, api }) => {
    await api.savePreference('allowDx', true);
    const { body } = await api.call('GET', `/api/patients/${SHOWCASE_PATIENT}/problem`);
    const active = (body as Array<{ problemCode: string; status: string }>).filter((p) => p.status.toLowerCase() === 'active').slice(0, 12);
    expect(active.length, 'the showcase patient has active problems').toBeGreaterThan(0);
    await page.goto(`patients/${SHOWCASE_PATIENT}/new_charge`);
    await expect(main(page).getByRole('region', { name: 'Diagnosis' })).toBeVisible();
    await expect(diagnosisRows(page)).toHaveCount(active.length);
    await expect.poll(() => pointers(page)).toEqual(active.map((p, i) => `${'ABCDEFGHIJKL'[i]}:${p.problemCode}`));

    // A refusal (400 naming a charge's field): 'Billing Order Not Successful', the message on its charge, the order kept.
    await main(page).getByRole('button', { name: 'Add Procedure' }).tap();
    const procedures = await pickProcedure(page, 'PC-EXAM', 'PC-EXAM');
    await procedures.getByRole('button', { name: 'Review & Finish' }).tap();
    await page.route('**/api/patients/patient/*/charge', (route) =>
      route.fulfill({ status: 400, contentType: 'application/json', body: JSON.stringify({ code: 'invalid', message: 'The order was refused', fields: { 'charges[0].surface': 'Surface letters are M, O, D, F, L, I, B' } }) }),
    );
    await main(page).getByRole('button', { name: 'Create Order' }).tap();
    await expect(page.getByRole('alert').filter({ hasText: 'Billing Order Not Successful' })).toBeVisible();
    await expect(main(page).getByTestId('charge-row').first()).toContainText('Surface letters are M, O, D, F, L, I, B');
    await page.waitForTimeout(3500);
    await expect(page).toHaveURL(/\/new_charge$/);
    await expect(main(page).getByTestId('charge-row')).toHaveCount(1);
  });
});

test.describe('Billing Order at 1280x800', () => {
  test.use({ viewport: { width: 1280, height: 800 }, reducedMotion: 'reduce' });

  test('beside the side navigation: diagnoses dragged with the mouse, the dialogs axe-clean', async ({ page, api, loginScreen }) => {
    await api.savePreference('allowDx', true);
    await api.savePreference('allowToothSurface', true);
    const patient = await api.newAdult('Desk', 'Bill');
    await loginScreen.goto();
    await loginScreen.loginAsDemo();
    await page.goto(`patients/${patient.patientId}/new_charge`);
    await expect(page.getByRole('navigation').getByRole('link', { name: 'Billing Order' })).toBeVisible();
    const box = await main(page).boundingBox();
    expect(box!.x).toBeGreaterThanOrEqual(240);
    for (const code of ['I10', 'E78.5']) {
      await main(page).getByRole('button', { name: 'Add Diagnosis' }).click();
      const search = dialog(page, 'Diagnosis Search');
      await search.getByLabel('Search ICD-10-CM codes or descriptions', { exact: true }).fill(code);
      await search.getByRole('button', { name: new RegExp(`^${code.replace('.', '\\.')} `) }).first().click();
      await expect(search).toBeHidden();
    }
    await expect.poll(() => pointers(page)).toEqual(['A:I10', 'B:E78.5']);
    // The mouse: the second row's handle dragged above the first.
    const handle = main(page).getByRole('button', { name: 'Drag E78.5 to reorder' });
    const from = (await handle.boundingBox())!;
    const to = (await diagnosisRows(page).first().boundingBox())!;
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
    await page.mouse.down();
    await page.mouse.move(from.x + from.width / 2, from.y - 10, { steps: 5 });
    await page.mouse.move(from.x + from.width / 2, to.y + 4, { steps: 10 });
    await page.mouse.up();
    await expect.poll(() => pointers(page)).toEqual(['A:E78.5', 'B:I10']);
    await clean(page, 'billing-order-desktop');
    await main(page).getByRole('button', { name: 'Add Procedure' }).click();
    const procedures = await pickProcedure(page, 'PC-FILL1', 'PC-FILL1');
    await expect(procedures.getByLabel('Tooth', { exact: true })).toBeVisible();
    await expect(procedures.getByLabel('Modifier 1', { exact: true })).toHaveCount(0);
    await clean(page, 'billing-charge-form-desktop');
  });
});
