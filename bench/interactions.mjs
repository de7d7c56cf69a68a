#!/usr/bin/env node
// Time from a tap (or a keystroke) to the content it asks for, in the web app on a phone-sized
// page of this machine's Chromium, without throttling (issue 17): open a patient from the search,
// open the schedule, switch day, switch resource, search as you type.
//
// It starts the server (POCKETCHART_BIN, default target/debug/pocketchart) with a fresh demo
// database, serving the build in web/dist (WEB_DIST), drives Debian's /usr/bin/chromium (CHROMIUM)
// through playwright-core, logs in as the demo user and repeats each interaction REPS times (20).
//
// How a tap is made and timed: a touch goes down, stays 80 ms (a quick tap; HOLD_MS) and lifts,
// as a finger does (Chrome turns it into pointerdown ... click). In the page, the click's own
// timestamp is marked (performance.mark 'tap'), and each animation frame checks whether the
// content is there; the frame in which it first is marks 'shown' (that frame paints it), and
// performance.measure('tap to content') is the figure. For search, the mark is the last
// keystroke's input event, and the content is the answer for the whole keyword, shown and no
// longer marked as the previous keyword's.
//
// Usage: node bench/interactions.mjs [--json out.json]     (make bench-interactions)
import { writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { loadavg } from 'node:os';
import { dirname, isAbsolute, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startDemoServer } from './demo-server.mjs';
import { dayShown, HOLD_MS, patientHomeShown, touch } from './taps.mjs';

const repo = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(join(repo, 'web', 'package.json'));
const { chromium } = require('playwright-core');

const REPS = Number(process.env.REPS ?? 20);
const KEY_GAP_MS = Number(process.env.KEY_GAP_MS ?? 120);
const bin = (() => {
  const configured = process.env.POCKETCHART_BIN ?? 'target/debug/pocketchart';
  return isAbsolute(configured) ? configured : resolve(repo, configured);
})();
const webDist = resolve(process.env.WEB_DIST ?? join(repo, 'web', 'dist'));
const jsonOut = process.argv.includes('--json') ? process.argv[process.argv.indexOf('--json') + 1] : null;

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** Installed in every page: the marks, and a wait for content measured in animation frames. */
function instrument() {
  const mark = (name, startTime) => {
    performance.clearMarks(name);
    performance.mark(name, { startTime });
  };
  addEventListener('click', (e) => mark('tap', e.timeStamp), true);
  addEventListener('input', (e) => mark('key', e.timeStamp), true);
  /** Resolves with ms from the mark `from` to the first frame in which `ready()` holds. */
  window.__measure = (from, ready, timeoutMs = 10_000) =>
    new Promise((done, fail) => {
      const started = performance.now();
      const frame = () => {
        if (ready()) {
          performance.clearMarks('shown');
          performance.mark('shown');
          performance.clearMeasures('tap to content');
          done(performance.measure('tap to content', from, 'shown').duration);
        } else if (performance.now() - started > timeoutMs) fail(new Error('content did not show'));
        else requestAnimationFrame(frame);
      };
      requestAnimationFrame(frame);
    });
}

/** A finger's tap on the middle of `locator`: down, HOLD_MS, up. */
async function tap(page, cdp, locator) {
  await locator.scrollIntoViewIfNeeded();
  const box = await locator.boundingBox();
  if (!box) throw new Error('nothing to tap');
  await touch(cdp, { x: box.x + box.width / 2, y: box.y + box.height / 2 });
}

/** Starts waiting in the page (before the tap), for `ready` (a function source run each frame). */
function waitIn(page, from, ready) {
  return page.evaluate(([f, source]) => window.__measure(f, new Function(`return (${source})()`)), [from, ready.toString()]);
}

const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
};

// Keywords staff type: last-name starts that find someone in the demo practice.
const KEYWORDS = ['smi', 'joh', 'wil', 'bro', 'jon', 'gar', 'mil', 'dav', 'rod', 'mar', 'her', 'lop', 'gon', 'wil', 'and', 'tho', 'tay', 'moo', 'jac', 'mar', 'lee', 'per', 'tho', 'whi', 'har'];

async function searchFor(page, keyword) {
  const field = page.getByRole('searchbox', { name: 'Search for a patient' });
  await field.fill('');
  await page.waitForFunction(() => !document.querySelector('[data-testid="patient-results"]'));
  await field.focus();
  // The wait starts before the last key, so the page marks the frame the answer shows in.
  for (const ch of keyword.slice(0, -1)) {
    await page.keyboard.type(ch);
    await sleep(KEY_GAP_MS);
  }
  const shown = page.evaluate(
    (kw) =>
      window.__measure('key', () => {
        // Not before the last key: a keyword searched earlier has its answer's entry already, and
        // the previous keyword's list would pass for it (the 'key' mark then being the key before).
        if (document.querySelector('input[type="search"]')?.value !== kw) return false;
        const asked = performance.getEntriesByType('resource').some((e) => e.name.includes(`search=${kw}`) && e.responseEnd > 0);
        const box = document.querySelector('[aria-busy]');
        const list = document.querySelector('[data-testid="patient-results"]');
        const none = document.querySelector('[data-testid="no-patients"]');
        return asked && box?.getAttribute('aria-busy') === 'false' && ((list && getComputedStyle(list).opacity === '1') || !!none);
      }),
    keyword,
  );
  await sleep(5);
  await page.keyboard.type(keyword.slice(-1));
  return shown;
}

/**
 * The login page's start on the throttled profile (Lighthouse's mobile one: 150 ms round trips,
 * 1.6 Mbit/s down, 750 kbit/s up, the CPU 4 times slower): from the navigation to the first
 * frame with the username field and Log In usable. The first visit fetches everything; every
 * later start is answered by the service worker.
 */
async function loginStarts(browser, base, record) {
  const context = await browser.newContext({ viewport: { width: 360, height: 640 }, hasTouch: true, isMobile: true, deviceScaleFactor: 2, locale: 'en-US' });
  await context.addInitScript(() => {
    const frame = () => {
      const button = [...document.querySelectorAll('button')].find((b) => b.textContent?.trim() === 'Log In');
      const field = document.querySelector('input[autocomplete="username"], input[name="username"]');
      if (button && !button.disabled && field && !field.disabled) window.__loginReady = performance.now();
      else requestAnimationFrame(frame);
    };
    requestAnimationFrame(frame);
  });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 150, downloadThroughput: (1.6 * 1024 * 1024) / 8, uploadThroughput: (750 * 1024) / 8 });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  const ready = () => page.waitForFunction(() => window.__loginReady !== undefined, null, { timeout: 60_000 }).then(() => page.evaluate(() => window.__loginReady));
  await page.goto(`${base}login`);
  record('login page usable, first visit (throttled)', await ready());
  await page.evaluate(async () => navigator.serviceWorker && (await navigator.serviceWorker.ready));
  for (let i = 0; i < Math.min(REPS, 10); i += 1) {
    await page.reload();
    record('login page usable, later starts (throttled)', await ready());
  }
  await context.close();
}

async function main() {
  const loadBefore = loadavg()[0];
  const { base, stop } = await startDemoServer({ bin, name: 'interactions', webDir: webDist });
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu'] });
  const results = {};
  try {
    await loginStarts(browser, base, (name, ms) => (results[name] ??= []).push(ms));
    const context = await browser.newContext({ viewport: { width: 360, height: 640 }, hasTouch: true, isMobile: true, deviceScaleFactor: 2, locale: 'en-US' });
    await context.addInitScript(instrument);
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await page.goto(`${base}login`);
    await page.getByLabel('Username').fill('demo');
    await page.getByLabel('Password', { exact: true }).fill('demo');
    await page.getByRole('button', { name: 'Log In' }).click();
    await page.getByTestId('toolbar-title').waitFor();
    // The service worker has the app's code by now (as on an installed phone).
    await page.evaluate(async () => navigator.serviceWorker && (await navigator.serviceWorker.ready));

    const record = (name, ms) => (results[name] ??= []).push(ms);

    // Search as you type: the last keystroke of a keyword to its answer shown.
    await page.goto(`${base}patients`);
    for (let i = 0; i < REPS; i += 1) record('search as you type', await searchFor(page, KEYWORDS[i % KEYWORDS.length]));

    // Open a patient from the search: a row tapped to the patient home (header card and menu).
    // A different patient each time (nothing cached): keyword i, row i % 5.
    for (let i = 0; i < REPS; i += 1) {
      await page.goto(`${base}patients`);
      await searchFor(page, KEYWORDS[(i + 3) % KEYWORDS.length]);
      const rows = page.getByTestId('patient-results').getByRole('link');
      const row = rows.nth(Math.min(i % 5, (await rows.count()) - 1));
      const shown = waitIn(page, 'tap', patientHomeShown);
      await sleep(5);
      await tap(page, cdp, row);
      record('open a patient from search', await shown);
    }

    // Open the schedule from the navigation, starting from a fresh start of the app on the
    // dashboard each time (only what the service worker holds: no data, no code in memory).
    for (let i = 0; i < REPS; i += 1) {
      await page.goto(`${base}dashboard`);
      await page.getByTestId('toolbar-title').waitFor();
      await page.waitForLoadState('networkidle');
      await tap(page, cdp, page.getByRole('button', { name: 'Open navigation' }));
      const link = page.getByRole('link', { name: 'Schedule' });
      await link.waitFor();
      await sleep(400); // the drawer's slide-in
      const shown = waitIn(page, 'tap', dayShown);
      await sleep(5);
      await tap(page, cdp, link);
      record('open the schedule (first time after a start)', await shown);
    }

    // Open the schedule again in the same session: from the dashboard, through the navigation.
    const openFromNav = async (name) => {
      await tap(page, cdp, page.getByRole('button', { name: 'Open navigation' }));
      const link = page.getByRole('link', { name });
      await link.waitFor();
      await sleep(400); // the drawer's slide-in
      return link;
    };
    for (let i = 0; i < REPS; i += 1) {
      await tap(page, cdp, await openFromNav('Dashboard'));
      await page.waitForURL(/\/dashboard$/);
      await page.waitForLoadState('networkidle');
      const link = await openFromNav('Schedule');
      const shown = waitIn(page, 'tap', dayShown);
      await sleep(5);
      await tap(page, cdp, link);
      record('open the schedule (again)', await shown);
    }

    // Switch day (Next day) and switch resource (Next resource) on the open day view.
    await page.waitForFunction(dayShown);
    for (let i = 0; i < REPS; i += 1) {
      const before = await page.getByTestId('day-swipe-area').getAttribute('data-shown-day');
      await page.waitForLoadState('networkidle');
      const shown = page.evaluate(
        (was) => window.__measure('tap', () => {
          const day = document.querySelector('[data-testid="day-swipe-area"]')?.getAttribute('data-shown-day');
          return !!day && day !== was && !!document.querySelector('.rbc-time-view');
        }),
        before,
      );
      await sleep(5);
      await tap(page, cdp, page.getByRole('button', { name: /^Next day/ }));
      record('switch day', await shown);
    }
    for (let i = 0; i < REPS; i += 1) {
      const before = await page.locator('#schedule-resource').inputValue();
      await page.waitForLoadState('networkidle');
      const shown = page.evaluate(
        (was) => window.__measure('tap', () => {
          const select = document.querySelector('#schedule-resource');
          return !!select && select.value !== was && !!document.querySelector('[data-testid="day-swipe-area"][data-shown-day] .rbc-time-view');
        }),
        before,
      );
      await sleep(5);
      await tap(page, cdp, page.getByRole('button', { name: 'Next resource' }));
      record('switch resource', await shown);
    }
  } finally {
    await browser.close();
    await stop();
  }

  const rows = Object.entries(results).map(([name, values]) => ({ name, n: values.length, p50: percentile(values, 50), p95: percentile(values, 95), max: Math.max(...values) }));
  console.log(`| interaction | n | p50 | p95 | max |\n|---|---:|---:|---:|---:|`);
  for (const r of rows) console.log(`| ${r.name} | ${r.n} | ${r.p50.toFixed(0)} ms | ${r.p95.toFixed(0)} ms | ${r.max.toFixed(0)} ms |`);
  // The machine's load (1-minute average) around the run: figures from a busy machine are slower.
  const load = { before: loadBefore, after: loadavg()[0] };
  console.log(`\nload average (1 min): ${load.before.toFixed(1)} before, ${load.after.toFixed(1)} after`);
  if (jsonOut) writeFileSync(jsonOut, JSON.stringify({ holdMs: HOLD_MS, keyGapMs: KEY_GAP_MS, load, results }, null, 2));
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
