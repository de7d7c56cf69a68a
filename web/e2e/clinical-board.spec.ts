import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import type { components } from '../src/api/schema';
import { expect, SHOWCASE_PATIENT, test, type ServerApi } from './fixtures';
import { ClinicalBoard } from './pages/clinical-board';

const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

type Widget = components['schemas']['ClinicalWidget'];
type Counts = Record<string, components['schemas']['ClinicalCount']>;
type Options = components['schemas']['ClinicalOptions'];

const countsPath = (patientId: number) => `/api/patients/patient/${patientId}/clinicalCounts` as const;
const OPTIONS_PATH = '/api/preferences/preferences/clinicalOptions';

async function clinicalSummary(api: ServerApi): Promise<Widget[]> {
  return (await api.preferences(['clinicalSummary']))['clinicalSummary'] as Widget[];
}

/** The widgets of one column, in order (as the board and the dialog arrange them). */
function column(widgets: Widget[], index: 0 | 1): Widget[] {
  return widgets
    .map((w, i) => ({ w, i }))
    .filter(({ w }) => w.columnNumber === index)
    .sort((a, b) => a.w.orderNumber - b.w.orderNumber || a.i - b.i)
    .map(({ w }) => w);
}
const keysOf = (widgets: Widget[]) => widgets.map((w) => w.key);

/** A tile's text: the title and the count when above 0; 'None known' under it when so. */
function tileText(widget: Widget, counts: Counts): string {
  const found = counts[widget.key];
  const label = found && found.count > 0 ? `${widget.title} (${found.count})` : widget.title;
  return found?.noneKnown && found.count === 0 ? `${label}None known` : label;
}

async function showcasePatient(api: ServerApi): Promise<{ patientId: number; counts: Counts }> {
  const counts = await api.get<Counts>(countsPath(SHOWCASE_PATIENT));
  expect(Object.values(counts).filter((c) => c.count > 0).length, 'the showcase patient has chart entries').toBeGreaterThan(10);
  return { patientId: SHOWCASE_PATIENT, counts };
}

async function logOutAndIn(page: Page, loginScreen: { loginAsDemo(): Promise<void> }): Promise<void> {
  const menu = page.getByRole('button', { name: 'Open navigation' });
  if (await menu.isVisible()) await menu.click();
  await page.getByRole('navigation', { name: 'Main' }).filter({ visible: true }).getByRole('button', { name: 'Log Out' }).click();
  await expect(page).toHaveURL(/\/app\/login$/);
  await loginScreen.loginAsDemo();
}

test.describe('Clinical board at 360x640', () => {
  test.use({ viewport: { width: 360, height: 640 }, hasTouch: true, isMobile: true, reducedMotion: 'reduce' });

  let saved: Widget[] = [];
  let patientId = 0;
  let counts: Counts = {};

  test.beforeEach(async ({ api, loginScreen }) => {
    saved = await clinicalSummary(api);
    ({ patientId, counts } = await showcasePatient(api));
    await loginScreen.goto();
    await loginScreen.loginAsDemo();
  });

  // The demo user's widgets as they were before the test (the specs share the demo database).
  test.afterEach(async ({ api }) => {
    await api.savePreference('clinicalSummary', saved);
  });

  test('shows the widgets with their counts, filters them, refreshes and opens a section', async ({ page }) => {
    const board = new ClinicalBoard(page);
    await board.goto(patientId);
    await expect(page.getByTestId('toolbar-title')).toHaveText('Clinical');

    // Two columns, each in the user's order, hidden widgets left out, the count in parentheses above 0.
    const shown = saved.filter((w) => w.showInView);
    const expected = [column(shown, 0), column(shown, 1)].filter((c) => c.length > 0).map((c) => c.map((w) => tileText(w, counts)));
    expect(await board.columns()).toEqual(expected.length === 2 ? expected : [expected.flat()]);
    await expect(board.board).toHaveAttribute('data-columns', String(expected.length));
    const withCount = shown.find((w) => (counts[w.key]?.count ?? 0) > 0)!;
    await expect(board.tile(`${withCount.title} (${counts[withCount.key]!.count})`)).toBeVisible();
    const tileColor = await board.tile(`${withCount.title} (${counts[withCount.key]!.count})`).evaluate((el) => [getComputedStyle(el).backgroundColor, getComputedStyle(el).color]);
    const hex = withCount.color.toUpperCase();
    expect(tileColor).toEqual([`rgb(${parseInt(hex.slice(1, 3), 16)}, ${parseInt(hex.slice(3, 5), 16)}, ${parseInt(hex.slice(5, 7), 16)})`, 'rgb(255, 255, 255)']);

    // The filter keeps the titles holding the text, in any case.
    await board.filter.fill('AL');
    const matching = shown.filter((w) => w.title.toLowerCase().includes('al'));
    await expect(board.board.getByRole('link')).toHaveCount(matching.length);
    for (const w of matching) await expect(board.tile(tileText(w, counts))).toBeVisible();
    // Widgets of one column only: one column.
    const onlyFirst = column(shown, 0)[0]!;
    await board.filter.fill(onlyFirst.title);
    await expect(board.tile(tileText(onlyFirst, counts))).toBeVisible();
    if (!column(shown, 1).some((w) => w.title.toLowerCase().includes(onlyFirst.title.toLowerCase()))) {
      await expect(board.board).toHaveAttribute('data-columns', '1');
    }
    await board.filter.fill('no such widget');
    await expect(board.main.getByTestId('clinical-empty')).toHaveText("No clinical widget matches 'no such widget'.");
    await board.filter.fill('');
    await expect(board.board.getByRole('link')).toHaveCount(shown.length);

    // Refresh asks for the counts again.
    const again = page.waitForResponse((r) => r.url().endsWith(`/api/patients/patient/${patientId}/clinicalCounts`) && r.status() === 200);
    await board.refresh.click();
    await again;

    // A tile opens its section.
    await board.tile(tileText(withCount, counts)).click();
    await expect(page).toHaveURL(new RegExp(`/app/patients/${patientId}/clinical/${withCount.key}$`));
  });

  test('edits the widgets by touch, keyboard and buttons, hides one, applies, and keeps it after logging out and in', async ({ page, api, loginScreen }) => {
    const board = new ClinicalBoard(page);
    await board.goto(patientId);
    await board.open();
    const first = await board.keys(0);
    const second = await board.keys(1);
    expect(first.length).toBeGreaterThan(3);
    expect(second.length).toBeGreaterThan(3);

    // Touch: hold the first widget's handle and drag it onto the second one.
    await board.touchDrag(board.handle(first[0]!), await board.pointIn(board.row(first[1]!), 0.7));
    await expect.poll(() => board.keys(0)).toEqual([first[1], first[0], ...first.slice(2)]);

    // Touch, between columns: the first column's last widget onto the second column's first.
    const last = first[first.length - 1]!;
    await board.dialog.getByRole('heading', { name: 'Second Column' }).scrollIntoViewIfNeeded();
    await board.row(second[0]!).evaluate((el) => el.scrollIntoView({ block: 'center' }));
    await board.touchDrag(board.handle(last), await board.pointIn(board.row(second[0]!), 0.3));
    await expect.poll(async () => (await board.keys(1)).slice(0, 2)).toContain(last);
    await expect.poll(() => board.keys(0)).not.toContain(last);

    // Keyboard: pick up with Space, one down, drop with Space.
    const afterTouch0 = await board.keys(0);
    const moved = afterTouch0[0]!;
    await board.handle(moved).focus();
    await page.keyboard.press('Space');
    await page.waitForTimeout(200);
    await page.keyboard.press('ArrowDown');
    await page.waitForTimeout(200);
    await page.keyboard.press('Space');
    await expect.poll(() => board.keys(0)).toEqual([afterTouch0[1], moved, ...afterTouch0.slice(2)]);

    // Buttons: move up, and to the other column (at its end).
    const keyed = await board.keys(0);
    const third = keyed[2]!;
    const thirdTitle = saved.find((w) => w.key === third)!.title;
    await board.dialog.getByRole('button', { name: `Move ${thirdTitle} up` }).click();
    await expect.poll(() => board.keys(0)).toEqual([keyed[0], third, keyed[1], ...keyed.slice(3)]);
    // Focus stays on the button, so it can be pressed again.
    await expect(board.dialog.getByRole('button', { name: `Move ${thirdTitle} up` })).toBeFocused();
    await board.dialog.getByRole('button', { name: `Move ${thirdTitle} to Second Column` }).click();
    await expect.poll(async () => (await board.keys(1)).at(-1)).toBe(third);
    await expect(board.row(third).getByRole('button', { name: `Move ${thirdTitle} to First Column` })).toBeVisible();

    // Hide a widget on the board.
    const hidden = (await board.keys(0))[0]!;
    const hiddenTitle = saved.find((w) => w.key === hidden)!.title;
    const show = board.dialog.getByRole('switch', { name: `Show ${hiddenTitle}` }).or(board.dialog.getByRole('checkbox', { name: `Show ${hiddenTitle}` }));
    await expect(show).toBeChecked();
    await show.uncheck();
    await expect(show).not.toBeChecked();

    const wanted = [await board.keys(0), await board.keys(1)];
    const save = page.waitForResponse((r) => r.url().endsWith('/api/preferences/save') && r.request().method() === 'POST');
    await board.dialog.getByRole('button', { name: 'Apply' }).click();
    expect((await save).status()).toBe(200);
    await expect(board.dialog).toBeHidden();

    // Saved: each column's order as arranged, orderNumber 0..n-1 and the column's number, the widget hidden.
    const stored = await clinicalSummary(api);
    expect([keysOf(column(stored, 0)), keysOf(column(stored, 1))]).toEqual(wanted);
    for (const index of [0, 1] as const) expect(column(stored, index).map((w) => w.orderNumber)).toEqual(wanted[index]!.map((_, i) => i));
    expect(stored.find((w) => w.key === hidden)!.showInView).toBe(false);

    // The board shows it at once...
    const shownKeys = (keys: string[]) => keys.filter((k) => k !== hidden && stored.find((w) => w.key === k)!.showInView);
    const titlesOf = (keys: string[]) => keys.map((k) => tileText(stored.find((w) => w.key === k)!, counts));
    await expect.poll(() => board.columns()).toEqual([titlesOf(shownKeys(wanted[0]!)), titlesOf(shownKeys(wanted[1]!))]);
    await expect(board.tile(new RegExp(`^${hiddenTitle}`))).toHaveCount(0);

    // ...and after logging out and in.
    await logOutAndIn(page, loginScreen);
    await board.goto(patientId);
    expect(await board.columns()).toEqual([titlesOf(shownKeys(wanted[0]!)), titlesOf(shownKeys(wanted[1]!))]);
    await expect(board.tile(new RegExp(`^${hiddenTitle}`))).toHaveCount(0);
  });

  test('Reset to My Desktop Settings and Reset to Default load those lists until Apply; Cancel asks before discarding', async ({ page, api }) => {
    const options = await api.get<Options>(OPTIONS_PATH);
    const board = new ClinicalBoard(page);
    await board.goto(patientId);
    await board.open();

    // A change, then Cancel: 'Discard changes?' (Keep Editing keeps it).
    const firstKey = (await board.keys(0))[0]!;
    const firstTitle = saved.find((w) => w.key === firstKey)!.title;
    await board.dialog.getByRole('button', { name: `Move ${firstTitle} down` }).click();
    await board.dialog.getByRole('button', { name: 'Cancel' }).click();
    const discard = page.getByRole('alertdialog', { name: 'Discard changes?' });
    await expect(discard).toBeVisible();
    await discard.getByRole('button', { name: 'Keep Editing' }).click();
    await expect(board.dialog).toBeVisible();

    await board.dialog.getByRole('button', { name: 'Reset to My Desktop Settings' }).click();
    await expect.poll(async () => [await board.keys(0), await board.keys(1)]).toEqual([keysOf(column(options.desktop, 0)), keysOf(column(options.desktop, 1))]);
    for (const w of options.desktop) {
      const show = board.dialog.getByRole('switch', { name: `Show ${w.title}` }).or(board.dialog.getByRole('checkbox', { name: `Show ${w.title}` }));
      await (w.showInView ? expect(show).toBeChecked() : expect(show).not.toBeChecked());
    }
    // Nothing saved yet.
    expect(await clinicalSummary(api)).toEqual(saved);

    await board.dialog.getByRole('button', { name: 'Reset to Default' }).click();
    await expect.poll(async () => [await board.keys(0), await board.keys(1)]).toEqual([keysOf(column(options.default, 0)), keysOf(column(options.default, 1))]);
    expect(await clinicalSummary(api)).toEqual(saved);

    // Apply saves the default list.
    await board.dialog.getByRole('button', { name: 'Apply' }).click();
    await expect(board.dialog).toBeHidden();
    const stored = await clinicalSummary(api);
    expect([keysOf(column(stored, 0)), keysOf(column(stored, 1))]).toEqual([keysOf(column(options.default, 0)), keysOf(column(options.default, 1))]);
    expect(stored.map((w) => [w.key, w.title, w.color, w.showInView])).toEqual(
      [...column(options.default, 0), ...column(options.default, 1)].map((w) => [w.key, w.title, w.color.toUpperCase(), w.showInView]),
    );

    // Reset to the desktop's and Apply.
    await board.open();
    await board.dialog.getByRole('button', { name: 'Reset to My Desktop Settings' }).click();
    await board.dialog.getByRole('button', { name: 'Apply' }).click();
    await expect(board.dialog).toBeHidden();
    const desktop = await clinicalSummary(api);
    expect([keysOf(column(desktop, 0)), keysOf(column(desktop, 1))]).toEqual([keysOf(column(options.desktop, 0)), keysOf(column(options.desktop, 1))]);
  });

  test('a missing count for a widget that must have one is an internal error', async ({ page }) => {
    await page.route(`**/api/patients/patient/${patientId}/clinicalCounts`, async (route) => {
      const response = await route.fetch();
      const body = (await response.json()) as Counts;
      delete body['labs'];
      await route.fulfill({ response, json: body });
    });
    const shownLabs = saved.find((w) => w.key === 'labs')?.showInView;
    test.skip(!shownLabs, 'the labs widget is hidden');
    await page.goto(`patients/${patientId}/clinical`);
    await expect(page.getByRole('alert').filter({ hasText: 'An Error Occured' })).toBeVisible();
    await expect(page.getByText("No clinical count for the widget 'labs'")).toBeVisible();
  });

  test('a section the user may not open is shown without a link, with a lock', async ({ page }) => {
    const locked = saved.find((w) => w.showInView && w.key !== 'labs')!;
    await page.route(`**/api/patients/patient/${patientId}/clinicalCounts`, async (route) => {
      const response = await route.fetch();
      const body = (await response.json()) as Counts;
      body[locked.key] = { ...body[locked.key]!, privilege: false };
      await route.fulfill({ response, json: body });
    });
    const board = new ClinicalBoard(page);
    await board.goto(patientId);
    const tile = board.board.getByTestId(`clinical-tile-${locked.key}`);
    await expect(tile).toBeVisible();
    await expect(tile.getByRole('img', { name: 'no access' })).toBeVisible();
    await expect(board.board.getByRole('link', { name: new RegExp(`^${locked.title}`) })).toHaveCount(0);
  });

  test('the board and the dialog have no accessibility violations', async ({ page }) => {
    const board = new ClinicalBoard(page);
    await board.goto(patientId);
    expect((await new AxeBuilder({ page }).withTags(AXE_TAGS).analyze()).violations).toEqual([]);
    await board.open();
    await expect(board.dialog.getByRole('button', { name: 'Reset to Default' })).toBeEnabled();
    expect((await new AxeBuilder({ page }).withTags(AXE_TAGS).analyze()).violations).toEqual([]);
    // Every control of the dialog is at least 44px tall (the switch's touch area included).
    const small = await board.dialog.locator('button, [role="switch"], input[type="checkbox"]').evaluateAll((els) =>
      els
        .map((el) => {
          const target = el instanceof HTMLInputElement ? (el.closest('.MuiSwitch-root') ?? el) : el;
          const box = target.getBoundingClientRect();
          return { name: el.getAttribute('aria-label') ?? el.textContent, height: Math.round(box.height), width: Math.round(box.width) };
        })
        .filter((b) => b.height > 0 && (b.height < 44 || b.width < 44)),
    );
    expect(small).toEqual([]);
  });
});

test.describe('Clinical board with a mouse at 1280x800', () => {
  let saved: Widget[] = [];

  test.afterEach(async ({ api }) => {
    await api.savePreference('clinicalSummary', saved);
  });

  test('drags a widget from the first column into the second, and moves one by keyboard to the other column', async ({ page, api, loginScreen }) => {
    saved = await clinicalSummary(api);
    const { patientId } = await showcasePatient(api);
    await loginScreen.goto();
    await loginScreen.loginAsDemo();
    const board = new ClinicalBoard(page);
    await board.goto(patientId);
    await board.open();
    const first = await board.keys(0);
    const second = await board.keys(1);

    // The columns stand side by side: the mouse takes the first widget onto the second column's second.
    const from = await board.pointIn(board.handle(first[0]!));
    const to = await board.pointIn(board.row(second[1]!), 0.3);
    await page.mouse.move(from.x, from.y);
    await page.mouse.down();
    for (let i = 1; i <= 12; i += 1) {
      await page.mouse.move(from.x + ((to.x - from.x) * i) / 12, from.y + ((to.y - from.y) * i) / 12);
      await page.waitForTimeout(20);
    }
    await page.waitForTimeout(150);
    await page.mouse.up();
    await expect.poll(() => board.keys(1)).toEqual([second[0], first[0], ...second.slice(1)]);
    await expect.poll(() => board.keys(0)).toEqual(first.slice(1));

    // Keyboard: pick up the second column's first widget, Left to the first column, drop.
    const moved = second[0]!;
    await board.handle(moved).focus();
    await page.keyboard.press('Space');
    await page.waitForTimeout(200);
    await page.keyboard.press('ArrowLeft');
    await page.waitForTimeout(200);
    await page.keyboard.press('Space');
    await expect.poll(() => board.keys(0)).toContain(moved);
    await expect.poll(() => board.keys(1)).not.toContain(moved);

    await board.dialog.getByRole('button', { name: 'Apply' }).click();
    await expect(board.dialog).toBeHidden();
    const stored = await clinicalSummary(api);
    expect(keysOf(column(stored, 1))).toEqual([first[0], ...second.slice(1)]);
    expect(keysOf(column(stored, 0))).toContain(moved);
  });
});
