import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, type Page } from '@playwright/test';

/**
 * The layout check (docs/web.md, 'Layout check'): measures a page as it is laid out, from
 * getBoundingClientRect and the text's own client rects (page.evaluate), and names what a
 * person on a small phone would see broken:
 *
 * - `page-wider-than-screen`: the document scrolls sideways; the deepest elements that reach
 *   past the screen's edge (and that no ancestor clips or scrolls) are named.
 * - `text-cut-off`: a line of text reaches past an ancestor that hides overflow (overflow
 *   hidden or clip, so text-overflow: ellipsis and -webkit-line-clamp too) by more than
 *   1 px across or 3 px down, unless the element or an ancestor up to the clipping one carries
 *   the full text in `title` or `aria-label`. Beyond a box that scrolls in a direction (a
 *   dialog's content) the text is reachable that way; a fixed box's ancestors do not clip it.
 * - `value-cut-off`: a native select's chosen option, an input's value, or its placeholder when
 *   empty, is wider than the control's content box (date and time inputs: the browser's own
 *   parts do not fit, scrollWidth > clientWidth). Typed free text (text, e-mail, search) in a
 *   field that has its row to itself is not measured: it scrolls under the caret as in any
 *   one-line field, and the field cannot be wider; beside another field, it could, so it is.
 *   Text areas wrap and are not measured. Pages are measured with realistic long values (a
 *   double-barrelled last name, a long e-mail address).
 * - `word-broken`: a word (a run without spaces, inside one text node) is split across lines
 *   other than after '-', '/', '@', '.', or a soft hyphen. An e-mail address marked with <wbr>
 *   after '@' and dots is several text nodes, so it breaks only there.
 * - `under-floating-button`: text or a control (button, link, field, image, icon) overlaps a
 *   floating element: anything position: fixed, smaller than 40% of the screen, that is or holds
 *   a button, link or navigation (FABs, the speed dial, bottom bars, the app bar); what it covers
 *   is its box when it paints a background, else its visible controls. Measured with the page
 *   (and every scrolling box in it) scrolled to the end for floaters in the lower half of the
 *   screen and to the top for the others: where nothing can scroll any further, nothing may
 *   stay under them.
 *   Floaters must not overlap each other either. Snackbars are not floaters (they leave by
 *   themselves); while a modal is open, the page under it is not measured.
 *
 * When a modal is open (dialog, drawer, menu), the text and values measured are the top-most
 * modal's only. Hidden elements (display, visibility, opacity 0) and visually hidden text for
 * screen readers (boxes of 2 px or less) are not measured.
 */
export type LayoutRule = 'page-wider-than-screen' | 'text-cut-off' | 'value-cut-off' | 'word-broken' | 'under-floating-button';

export interface LayoutProblem {
  rule: LayoutRule;
  /** The element, as `tag.FirstClass[data-testid][aria-label]` with its two nearest ancestors. */
  element: string;
  /** The text concerned (up to 80 characters). */
  text: string;
  detail: string;
}

/** A problem accepted on purpose, with the reason. */
export interface Allowance {
  rule: LayoutRule;
  element?: RegExp;
  text?: RegExp;
  why: string;
}

/**
 * Accepted everywhere. Keep it short: each entry needs its reason.
 */
export const ALLOWED: readonly Allowance[] = [];

function allowed(problem: LayoutProblem, allowances: readonly Allowance[]): boolean {
  return allowances.some(
    (a) => a.rule === problem.rule && (!a.element || a.element.test(problem.element)) && (!a.text || a.text.test(problem.text)),
  );
}

export const SCREENSHOTS = fileURLToPath(new URL('./screenshots/', import.meta.url));

/**
 * Measures the page as it is now (see the rules above). Runs in the browser: self-contained,
 * no imports. Scrolls the window to the top and to the end for the floating-button rule and
 * puts the scroll back.
 */
async function measureLayout(): Promise<LayoutProblem[]> {
  const problems: LayoutProblem[] = [];
  const vw = document.documentElement.clientWidth;
  const vh = window.innerHeight;
  const norm = (s: string | null | undefined) => (s ?? '').replace(/\s+/g, ' ').trim();
  const short = (s: string) => (s.length > 80 ? `${s.slice(0, 77)}...` : s);
  const visible = (el: Element) => el.checkVisibility({ opacityProperty: true, visibilityProperty: true });
  const one = (el: Element) => {
    const mui = Array.from(el.classList).find((c) => c.startsWith('Mui') || c.startsWith('rbc-')) ?? '';
    const testId = el.getAttribute('data-testid');
    const label = el.getAttribute('aria-label');
    return `${el.tagName.toLowerCase()}${mui ? `.${mui}` : ''}${testId ? `[data-testid=${testId}]` : ''}${label ? `[aria-label=${short(label)}]` : ''}`;
  };
  const describe = (el: Element) => {
    const chain = [one(el)];
    let up = el.parentElement;
    for (let i = 0; i < 2 && up && up !== document.body; i += 1, up = up.parentElement) chain.unshift(one(up));
    return chain.join(' > ');
  };
  const rectsOf = (node: Node, start?: number, end?: number) => {
    const range = document.createRange();
    if (start === undefined) range.selectNodeContents(node);
    else {
      range.setStart(node, start);
      range.setEnd(node, end ?? start);
    }
    return Array.from(range.getClientRects()).filter((r) => r.width > 0.5 && r.height > 0.5);
  };
  const frames = () => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(resolve, 60))));

  // The top-most open modal (dialog, drawer, menu) is what the user sees; else the page.
  const modals = Array.from(document.querySelectorAll('.MuiModal-root, [role="dialog"]')).filter(
    (m) => visible(m) && !m.parentElement?.closest('.MuiModal-root, [role="dialog"]'),
  );
  const root: Element = modals[modals.length - 1] ?? document.body;

  // 1. The page scrolls sideways.
  if (document.documentElement.scrollWidth > vw + 1) {
    const clippedAcross = (el: Element) => {
      for (let up = el.parentElement; up && up !== document.body && up !== document.documentElement; up = up.parentElement) {
        if (getComputedStyle(up).overflowX !== 'visible') return true;
      }
      return false;
    };
    const wide = Array.from(document.body.querySelectorAll('*')).filter((el) => {
      if (!visible(el)) return false;
      const r = el.getBoundingClientRect();
      return r.width > 0 && (r.right > vw + 1 || r.left < -1) && !clippedAcross(el);
    });
    const deepest = wide.filter((el) => !wide.some((other) => other !== el && el.contains(other)));
    for (const el of deepest.slice(0, 5)) {
      const r = el.getBoundingClientRect();
      problems.push({
        rule: 'page-wider-than-screen',
        element: describe(el),
        text: short(norm(el.textContent)),
        detail: `spans ${Math.round(r.left)}..${Math.round(r.right)} px of a ${vw} px screen (document ${document.documentElement.scrollWidth} px wide)`,
      });
    }
    if (deepest.length === 0) {
      problems.push({ rule: 'page-wider-than-screen', element: 'html', text: '', detail: `document ${document.documentElement.scrollWidth} px wide on a ${vw} px screen` });
    }
  }

  // 2. Text cut off and 3. words broken, text node by text node.
  const SKIPPED = new Set(['SCRIPT', 'STYLE', 'NOSCRIPT', 'TEMPLATE', 'OPTION', 'OPTGROUP', 'SELECT', 'TEXTAREA', 'TITLE']);
  const BREAKS_AFTER = '-\u2010\u2013\u2014/@.\u00ad';
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const text = node.nodeValue ?? '';
    const parent = node.parentElement;
    if (!text.trim() || !parent || SKIPPED.has(parent.tagName) || parent.closest('select') || !visible(parent)) continue;
    const rects = rectsOf(node);
    if (rects.length === 0) continue;

    // Cut off by an ancestor that hides what overflows it?
    const fullTextNearby = (from: Element, to: Element) => {
      const wanted = norm(text);
      for (let el: Element | null = from; el; el = el.parentElement) {
        if (norm(el.getAttribute('title')).includes(wanted) || norm(el.getAttribute('aria-label')).includes(wanted)) return true;
        if (el === to) break;
      }
      return false;
    };
    // Up to the page's body (whose overflow only locks the scrolling under a modal). Past a box
    // that scrolls in a direction, the text is reachable in that direction; past a fixed box,
    // the ancestors no longer clip it.
    let scrollsX = false;
    let scrollsY = false;
    for (let up: Element | null = parent; up && up !== document.body; up = up.parentElement) {
      const style = getComputedStyle(up);
      const clipsX = !scrollsX && (style.overflowX === 'hidden' || style.overflowX === 'clip');
      const clipsY = !scrollsY && (style.overflowY === 'hidden' || style.overflowY === 'clip');
      scrollsX ||= style.overflowX === 'auto' || style.overflowX === 'scroll';
      scrollsY ||= style.overflowY === 'auto' || style.overflowY === 'scroll';
      if (style.position === 'fixed') scrollsX = scrollsY = true;
      if (!clipsX && !clipsY) continue;
      const box = up.getBoundingClientRect();
      // Visually hidden text for screen readers (1px boxes) and collapsed parts are meant to be unseen.
      if (box.width <= 2 || box.height <= 2) break;
      const he = up as HTMLElement;
      const sx = he.offsetWidth ? box.width / he.offsetWidth : 1;
      const sy = he.offsetHeight ? box.height / he.offsetHeight : 1;
      const left = box.left + up.clientLeft * sx;
      const top = box.top + up.clientTop * sy;
      const right = up.clientWidth ? left + up.clientWidth * sx : box.right;
      const bottom = up.clientHeight ? top + up.clientHeight * sy : box.bottom;
      const across = clipsX && rects.some((r) => r.left < left - 1 || r.right > right + 1);
      const down = clipsY && rects.some((r) => r.top < top - 3 || r.bottom > bottom + 3);
      if ((across || down) && !fullTextNearby(parent, up)) {
        const widest = Math.max(...rects.map((r) => r.right)) - Math.min(...rects.map((r) => r.left));
        problems.push({
          rule: 'text-cut-off',
          element: describe(parent),
          text: short(norm(text)),
          detail: across
            ? `text ${Math.round(widest)} px wide in a box of ${Math.round(right - left)} px (${one(up)} hides the rest)`
            : `${rects.length} line box(es), ${one(up)} shows ${Math.round(bottom - top)} px of them`,
        });
        break;
      }
    }

    // A word split across lines where it should not be.
    if (rects.length > 1) {
      const words = /\S+/g;
      for (let m = words.exec(text); m; m = words.exec(text)) {
        const word = m[0];
        const at = m.index;
        if (word.length < 2) continue;
        const parts = rectsOf(node, at, at + word.length);
        if (parts.length < 2 || Math.max(...parts.map((r) => r.top)) - Math.min(...parts.map((r) => r.top)) < parts[0]!.height / 2) continue;
        let previous: DOMRect | null = null;
        for (let i = 0; i < word.length; i += 1) {
          const glyph = rectsOf(node, at + i, at + i + 1)[0];
          if (!glyph) continue;
          if (previous && glyph.top > previous.top + previous.height / 2 && !BREAKS_AFTER.includes(word[i - 1] ?? '')) {
            problems.push({
              rule: 'word-broken',
              element: describe(parent),
              text: short(word),
              detail: `broken as '${word.slice(0, i)}' / '${word.slice(i)}'`,
            });
            break;
          }
          previous = glyph;
        }
      }
    }
  }

  // 4. Values of native selects and inputs wider than the control.
  const canvas = document.createElement('canvas').getContext('2d');
  const widthOf = (el: Element, shown: string) => {
    if (!canvas) return 0;
    const style = getComputedStyle(el);
    canvas.font = style.font || `${style.fontStyle} ${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
    const spacing = parseFloat(style.letterSpacing) || 0;
    return canvas.measureText(shown).width + spacing * shown.length;
  };
  const contentWidth = (el: Element) => {
    const style = getComputedStyle(el);
    return el.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
  };
  const FREE_TEXT = new Set(['text', 'email', 'search', 'url', 'password']);
  const controls = Array.from(root.querySelectorAll('select, input, textarea, button')).filter((c) => visible(c));
  const frameOf = (el: Element) => el.closest('.MuiFormControl-root') ?? el;
  const sharesRow = (field: Element) => {
    const frame = frameOf(field);
    const box = frame.getBoundingClientRect();
    return controls.some((other) => {
      const o = frameOf(other);
      if (o === frame || frame.contains(o) || o.contains(frame)) return false;
      const r = o.getBoundingClientRect();
      const sameRow = Math.min(r.bottom, box.bottom) - Math.max(r.top, box.top) > box.height / 2;
      return sameRow && (r.left >= box.right - 1 || r.right <= box.left + 1);
    });
  };
  for (const field of Array.from(root.querySelectorAll('select, input'))) {
    if (!visible(field) || field.getBoundingClientRect().width <= 2) continue;
    let shown = '';
    let what = '';
    if (field instanceof HTMLSelectElement) {
      if (field.multiple) continue;
      shown = norm(field.selectedOptions[0]?.text);
      what = 'chosen option';
    } else if (field instanceof HTMLInputElement) {
      if (['checkbox', 'radio', 'hidden', 'range', 'color', 'file', 'submit', 'button', 'image', 'reset'].includes(field.type)) continue;
      if (field.value === '' && field.placeholder) {
        shown = field.placeholder;
        what = 'placeholder';
      } else {
        if (field.type.startsWith('date') || field.type === 'time' || field.type === 'month' || field.type === 'week') {
          // The browser draws the formatted value in its own parts: scrollWidth shows whether they fit.
          if (field.scrollWidth > field.clientWidth + 1) {
            problems.push({ rule: 'value-cut-off', element: describe(field), text: field.value, detail: `value needs ${field.scrollWidth} px, the field shows ${field.clientWidth} px` });
          }
          continue;
        }
        // Typed free text scrolls under the caret in any one-line field; it is cut by the layout
        // only when the field shares its row with another one (it could have been wider).
        if (FREE_TEXT.has(field.type) && !field.readOnly && !field.disabled && !sharesRow(field)) continue;
        shown = field.value;
        what = 'value';
      }
    }
    if (!shown) continue;
    const needed = widthOf(field, shown);
    const room = contentWidth(field);
    if (needed > room + 1) {
      problems.push({
        rule: 'value-cut-off',
        element: describe(field),
        text: short(shown),
        detail: `${what} needs ${Math.round(needed)} px, the field shows ${Math.round(room)} px`,
      });
    }
  }

  // 5. Nothing under a floating button.
  const interactive = 'button, a[href], input, select, textarea, img, svg, nav, [role="button"], [role="link"], [role="tab"], [role="checkbox"], [role="switch"], [role="combobox"], [role="menuitem"]';
  const floaterScope = root === document.body ? document.body : root;
  const floaters = Array.from(floaterScope.querySelectorAll('*')).filter((el) => {
    if (!visible(el) || el.closest('.MuiSnackbar-root')) return false;
    if (getComputedStyle(el).position !== 'fixed') return false;
    const r = el.getBoundingClientRect();
    if (r.width * r.height <= 0 || r.width * r.height > 0.4 * vw * vh) return false;
    return el.matches(interactive) || el.querySelector(interactive) !== null;
  });
  const outer = floaters.filter((f) => !floaters.some((other) => other !== f && other.contains(f)));
  // What a floater covers: its own box when it paints a background (a bar), else the union of
  // its visible controls (a closed speed dial's box also spans its hidden actions).
  const coverOf = (f: Element): DOMRect => {
    const own = f.getBoundingClientRect();
    const background = getComputedStyle(f).backgroundColor;
    if (f.matches(interactive) || (background !== 'transparent' && !/rgba\(.*,\s*0\)$/.test(background))) return own;
    const parts = Array.from(f.querySelectorAll(interactive))
      .filter((el) => visible(el))
      .map((el) => el.getBoundingClientRect())
      .filter((r) => r.width > 0 && r.height > 0);
    if (parts.length === 0) return own;
    const left = Math.min(...parts.map((r) => r.left));
    const top = Math.min(...parts.map((r) => r.top));
    return new DOMRect(left, top, Math.max(...parts.map((r) => r.right)) - left, Math.max(...parts.map((r) => r.bottom)) - top);
  };
  // A backdrop over the page (the open speed dial's) means the page is not in use under it.
  const covered = Array.from(document.querySelectorAll('.MuiBackdrop-root')).some((b) => visible(b) && !b.classList.contains('MuiBackdrop-invisible') && !b.closest('.MuiModal-root'));
  if (outer.length > 0) {
    const scroller = document.scrollingElement ?? document.documentElement;
    const before = scroller.scrollTop;
    const inner = Array.from(document.body.querySelectorAll('*'))
      .filter((el) => ['auto', 'scroll'].includes(getComputedStyle(el).overflowY) && el.scrollHeight > el.clientHeight + 1 && visible(el))
      .map((el) => ({ el, top: el.scrollTop }));
    const name = (f: Element) => {
      const labelled = f.matches('[aria-label]') ? f : f.querySelector('[aria-label]');
      return norm(labelled?.getAttribute('aria-label')) || short(norm(f.textContent)) || one(f);
    };
    for (const end of ['top', 'bottom'] as const) {
      const mine = outer.filter((f) => {
        const r = coverOf(f);
        return (r.top + r.height / 2 > vh / 2) === (end === 'bottom');
      });
      if (mine.length === 0) continue;
      // The page and every scrolling box in it (the day view's hours) to the same end.
      // Again while the page is not where it was sent (it grew, or a late effect scrolled it), a few
      // times at most: measured anywhere else, the rule sees text under a floater that the user can
      // scroll clear of.
      const atEnd = () => (end === 'top' ? scroller.scrollTop <= 1 : scroller.scrollTop + scroller.clientHeight >= scroller.scrollHeight - 1);
      for (let attempt = 0; attempt < 5; attempt += 1) {
        scroller.scrollTop = end === 'top' ? 0 : scroller.scrollHeight;
        for (const box of inner) box.el.scrollTop = end === 'top' ? 0 : box.el.scrollHeight;
        await frames();
        if (atEnd()) break;
      }
      const inFloater = (el: Element) => outer.some((f) => f.contains(el) || el.contains(f));
      const boxes: Array<{ el: Element; text: string; r: DOMRect }> = [];
      if (!covered && root === document.body) {
        const texts = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
        for (let node = texts.nextNode(); node; node = texts.nextNode()) {
          const parent = node.parentElement;
          if (!norm(node.nodeValue) || !parent || SKIPPED.has(parent.tagName) || parent.closest('select, .MuiSnackbar-root') || inFloater(parent) || !visible(parent)) continue;
          for (const r of rectsOf(node)) boxes.push({ el: parent, text: norm(node.nodeValue), r });
        }
        for (const el of Array.from(document.body.querySelectorAll(interactive))) {
          if (inFloater(el) || el.closest('.MuiSnackbar-root') || !visible(el)) continue;
          const r = el.getBoundingClientRect();
          if (r.width > 2 && r.height > 2) boxes.push({ el, text: norm(el.getAttribute('aria-label')) || norm(el.textContent), r });
        }
      }
      for (const f of mine) {
        const fr = coverOf(f);
        const overlaps = (r: DOMRect) => Math.min(r.right, fr.right) - Math.max(r.left, fr.left) > 1 && Math.min(r.bottom, fr.bottom) - Math.max(r.top, fr.top) > 1;
        const seen = new Set<Element>();
        for (const b of boxes) {
          if (seen.has(b.el) || !overlaps(b.r)) continue;
          seen.add(b.el);
          problems.push({
            rule: 'under-floating-button',
            element: describe(b.el),
            text: short(b.text),
            detail: `under '${name(f)}' with the page scrolled to the ${end} (${Math.round(b.r.top)}..${Math.round(b.r.bottom)} px vs ${Math.round(fr.top)}..${Math.round(fr.bottom)} px)`,
          });
        }
        for (const other of outer) {
          if (other === f || !overlaps(coverOf(other)) || outer.indexOf(other) < outer.indexOf(f)) continue;
          problems.push({ rule: 'under-floating-button', element: describe(other), text: name(other), detail: `overlaps the floating '${name(f)}'` });
        }
      }
    }
    scroller.scrollTop = before;
    for (const box of inner) box.el.scrollTop = box.top;
    await frames();
  }
  return problems;
}

/**
 * Waits until no transition or animation that ends is running (an expanding Collapse, a dialog
 * sliding in): a layout caught in its first frame shows the box at its starting size. Runs in
 * the browser. `getAnimations()` brings styles up to date first, so a transition the last
 * render started is in the list. Spinners and other endless animations are left out.
 */
async function transitionsEnded(): Promise<void> {
  for (let round = 0; round < 10; round += 1) {
    const running = document
      .getAnimations()
      .filter((a) => a.playState === 'running' && Number.isFinite(a.effect?.getComputedTiming().endTime ?? Infinity));
    if (running.length === 0) return;
    await Promise.race([Promise.all(running.map((a) => a.finished.catch(() => undefined))), new Promise((resolve) => setTimeout(resolve, 2000))]);
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
  }
}

/**
 * Every layout problem of the page once it has settled, less the allowed ones. Settled: fonts
 * loaded, transitions ended, and, when something is found, the same found again a moment later
 * (up to five measures): on a busy machine a virtual list's height follows its rows a frame or
 * more late, which no user sees; a real problem stays and is reported.
 */
export async function layoutProblems(page: Page, allow: readonly Allowance[] = []): Promise<LayoutProblem[]> {
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  await page.evaluate(transitionsEnded);
  let found = await page.evaluate(measureLayout);
  for (let again = 0; again < 4 && found.length > 0; again += 1) {
    await page.waitForTimeout(250);
    await page.evaluate(transitionsEnded);
    const next = await page.evaluate(measureLayout);
    const same = JSON.stringify(next) === JSON.stringify(found);
    found = next;
    if (same) break;
  }
  return found.filter((p) => !allowed(p, [...ALLOWED, ...allow]));
}

/**
 * Saves a full-page screenshot as e2e/screenshots/<name>.png and records each layout
 * problem as a soft failure (the test goes on to the next page and fails at its end).
 */
export async function checkLayout(page: Page, name: string, allow: readonly Allowance[] = []): Promise<void> {
  const problems = await layoutProblems(page, allow);
  mkdirSync(SCREENSHOTS, { recursive: true });
  // A dialog scrolls inside itself, which a full-page screenshot does not show: the screen is
  // made as tall as its content for the picture (after the measuring), then put back.
  const size = page.viewportSize();
  const hidden = await page.evaluate(() =>
    Math.max(
      0,
      ...Array.from(document.querySelectorAll('.MuiModal-root *'))
        .filter((el) => ['auto', 'scroll'].includes(getComputedStyle(el).overflowY))
        .map((el) => el.scrollHeight - el.clientHeight),
    ),
  );
  if (size && hidden > 0) await page.setViewportSize({ width: size.width, height: size.height + hidden });
  await page.screenshot({ path: `${SCREENSHOTS}${name}.png`, fullPage: true, animations: 'disabled' });
  if (size && hidden > 0) await page.setViewportSize(size);
  expect.soft(problems, `layout of '${name}' at ${page.viewportSize()?.width ?? '?'} px`).toEqual([]);
}
