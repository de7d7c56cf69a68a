import { expect, type Locator, type Page } from '@playwright/test';

/** The Clinical board (/patients/{id}/clinical) and its 'Edit Clinical Widgets' dialog. */
export class ClinicalBoard {
  readonly main: Locator;
  readonly filter: Locator;
  readonly refresh: Locator;
  readonly edit: Locator;
  readonly board: Locator;
  readonly dialog: Locator;

  constructor(readonly page: Page) {
    this.main = page.getByRole('main');
    this.filter = this.main.getByPlaceholder('Filter...');
    this.refresh = this.main.getByRole('button', { name: 'Refresh', exact: true });
    this.edit = this.main.getByRole('button', { name: 'Edit Clinical Widgets', exact: true });
    this.board = this.main.getByTestId('clinical-board');
    this.dialog = page.getByRole('dialog', { name: 'Edit Clinical Widgets' });
  }

  async goto(patientId: number): Promise<void> {
    await this.page.goto(`patients/${patientId}/clinical`);
    await expect(this.board.getByRole('link').first()).toBeVisible();
  }

  /** The names of the board's tiles, per column as shown (one list when the board has one column). */
  async columns(): Promise<string[][]> {
    const lists = this.board.getByRole('list');
    const result: string[][] = [];
    for (const list of await lists.all()) {
      result.push(await list.getByRole('listitem').evaluateAll((items) => items.map((li) => (li.textContent ?? '').trim())));
    }
    return result;
  }

  tile(name: string | RegExp): Locator {
    return this.board.getByRole('link', { name, exact: typeof name === 'string' });
  }

  /** The dialog's column (0 'First Column', 1 'Second Column'). */
  column(index: 0 | 1): Locator {
    return this.dialog.getByTestId(`edit-column-${index}`);
  }

  /** The widget keys of a dialog column, in order. */
  async keys(index: 0 | 1): Promise<string[]> {
    return this.column(index)
      .locator('li[data-key]')
      .evaluateAll((rows) => rows.map((row) => row.getAttribute('data-key') ?? ''));
  }

  row(key: string): Locator {
    return this.dialog.locator(`li[data-key="${key}"]`);
  }

  handle(key: string): Locator {
    return this.row(key).getByRole('button', { name: /^Drag / });
  }

  async open(): Promise<void> {
    await this.edit.click();
    await expect(this.dialog).toBeVisible();
    await expect(this.column(0).locator('li[data-key]').first()).toBeVisible();
  }

  /**
   * A real touch drag (Chromium's touch input through the DevTools protocol): a finger on
   * `from`, held past the drag's activation delay, moved in steps to `to`, lifted.
   */
  async touchDrag(from: Locator, to: { x: number; y: number }): Promise<void> {
    const box = await from.boundingBox();
    if (!box) throw new Error('Nothing to drag');
    const start = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
    const cdp = await this.page.context().newCDPSession(this.page);
    const touch = (type: 'touchStart' | 'touchMove' | 'touchEnd', at: { x: number; y: number }) =>
      cdp.send('Input.dispatchTouchEvent', { type, touchPoints: type === 'touchEnd' ? [] : [{ x: Math.round(at.x), y: Math.round(at.y), id: 1, radiusX: 4, radiusY: 4, force: 1 }] });
    await touch('touchStart', start);
    await this.page.waitForTimeout(400);
    const steps = 15;
    for (let i = 1; i <= steps; i += 1) {
      await touch('touchMove', { x: start.x + ((to.x - start.x) * i) / steps, y: start.y + ((to.y - start.y) * i) / steps });
      await this.page.waitForTimeout(30);
    }
    await this.page.waitForTimeout(200);
    await touch('touchEnd', to);
    await cdp.detach();
  }

  /** The centre of an element, a fraction of its height down (0.5: the middle). */
  async pointIn(target: Locator, down = 0.5): Promise<{ x: number; y: number }> {
    const box = await target.boundingBox();
    if (!box) throw new Error('No box');
    return { x: box.x + box.width / 2, y: box.y + box.height * down };
  }
}
