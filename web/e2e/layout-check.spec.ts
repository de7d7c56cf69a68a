import { expect, test } from '@playwright/test';
import { layoutProblems } from './layout';

/**
 * The layout check itself (e2e/layout.ts) on pages written here, with no server: it measures a
 * page once a transition has ended, and it still reports a problem that stays.
 */
test.describe('The layout check', () => {
  test.use({ viewport: { width: 360, height: 640 } });

  // A box that clips its text, as MUI's Collapse does, 20 px tall until `open` is added.
  const clippingBox = (transition: string) => `<!doctype html><style>
    body { margin: 0; font: 16px Arial, sans-serif; }
    #box { overflow: hidden; height: 20px; transition: height ${transition}; }
    #box.open { height: 120px; }
  </style><div id="box"><p style="margin:0">First line</p><p>Second line, below the fold</p></div>`;

  test('measures an expanding box once its transition has ended, not in its first frame', async ({ page }) => {
    await page.setContent(clippingBox('400ms linear'));
    await page.evaluate(() => document.getElementById('box')?.classList.add('open'));
    expect(await layoutProblems(page)).toEqual([]);
  });

  test('still reports text cut off by a box that stays closed', async ({ page }) => {
    await page.setContent(clippingBox('400ms linear'));
    const problems = await layoutProblems(page);
    expect(problems.map((p) => [p.rule, p.text])).toEqual([['text-cut-off', 'Second line, below the fold']]);
  });
});
