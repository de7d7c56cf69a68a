#!/usr/bin/env node
// Lighthouse (mobile, default throttling) on the web app's pages: login, dashboard, patient search,
// patient home, orders, schedule (day view) and a patient's clinical board, the pages after login
// measured logged in. Starts the server itself (`serve --demo` on a free port, a fresh SQLite
// database in a temporary folder), drives Debian's Chromium through puppeteer-core, runs each page
// RUNS times (3) and keeps the median run by performance score. Writes the table (scores, LCP,
// TBT, date) between the markers in docs/performance.md, and every run's figures to
// bench/results/raw/. Its packages are in bench/lighthouse/ (`make bench-lighthouse` installs them).
//
//   POCKETCHART_BIN      server binary (default target/release/pocketchart)
//   POCKETCHART_WEB_DIR  serve this web build instead of the embedded one (e.g. web/dist)
//   CHROME_PATH          Chromium (default /usr/bin/chromium); nothing is ever downloaded
//   RUNS                 runs per page (default 3)
//   PAGES                pages to run, separated by commas (default all)
//   CACHE                how the pages after login start (default installed):
//                          installed  the installed app reopened: the service worker and its caches kept
//                                     (every script from the worker's cache, as the issue measured), the
//                                     HTTP cache emptied
//                          cold       the HTTP cache, the service worker and its caches emptied: every
//                                     script over the throttled network
//   BROWSER              how the runs share Chromium (default fresh):
//                          fresh      each run in a Chromium started for it (one profile folder for all,
//                                     so the session and the service worker stay), after the caches are
//                                     made ready in another: as a phone reopens the app, in a process
//                                     that has not run it. In one long-lived browser, Lighthouse's
//                                     first task (its coverage start, which walks the renderer's heap)
//                                     grew from about 45 to about 110 ms after the first run
//                          shared     every run in one Chromium (the figures before 2026-11-29, evening)
//   LH_DEBUG             print the failing audits' elements and keep each run's whole report and trace
//   --no-write           print the table without touching docs/performance.md
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, isAbsolute, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { PACKAGES as packages } from './chromium.mjs';
import { logInAsDemo, startDemoServer } from './demo-server.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const repo = resolve(here, '..');
if (!existsSync(join(packages, 'lighthouse'))) {
  console.error('The Lighthouse packages are not installed: run `make bench-lighthouse` (or `npm ci` in bench/lighthouse).');
  process.exit(1);
}
const { default: lighthouse } = await import(pathToFileURL(join(packages, 'lighthouse', 'core', 'index.js')).href);
const { default: puppeteer } = await import(pathToFileURL(join(packages, 'puppeteer-core', 'lib', 'esm', 'puppeteer', 'puppeteer-core.js')).href);
const chromeLauncher = await import(pathToFileURL(join(packages, 'chrome-launcher', 'dist', 'index.js')).href);

const bin = (() => {
  const configured = process.env.POCKETCHART_BIN ?? 'target/release/pocketchart';
  return isAbsolute(configured) ? configured : resolve(repo, configured);
})();
const webDir = process.env.POCKETCHART_WEB_DIR ? resolve(process.cwd(), process.env.POCKETCHART_WEB_DIR) : null;
const chromePath = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const runs = Math.max(1, Number(process.env.RUNS ?? 3));
const cache = process.env.CACHE ?? 'installed';
if (!['installed', 'cold'].includes(cache)) {
  console.error(`CACHE is 'installed' or 'cold', not '${cache}'.`);
  process.exit(1);
}
const browserMode = process.env.BROWSER ?? 'fresh';
if (!['fresh', 'shared'].includes(browserMode)) {
  console.error(`BROWSER is 'fresh' or 'shared', not '${browserMode}'.`);
  process.exit(1);
}
const write = !process.argv.includes('--no-write');
/** A demo patient with a full chart (the browser tests use the same one). */
const PATIENT_ID = Number(process.env.POCKETCHART_LH_PATIENT ?? 5);

const PAGES = [
  { key: 'login', name: 'login', path: 'login', loggedIn: false },
  { key: 'dashboard', name: 'dashboard', path: 'dashboard', loggedIn: true },
  { key: 'patientSearch', name: 'patient search', path: 'search', loggedIn: true },
  { key: 'patientHome', name: 'patient home', path: `patients/${PATIENT_ID}/patient_home`, loggedIn: true },
  { key: 'orders', name: 'orders', path: 'orders', loggedIn: true },
  { key: 'schedule', name: 'schedule (day view)', path: 'appointments', loggedIn: true },
  { key: 'clinicalBoard', name: 'clinical board', path: `patients/${PATIENT_ID}/clinical`, loggedIn: true },
];
const wanted = process.env.PAGES ? new Set(process.env.PAGES.split(',').map((p) => p.trim())) : null;
const pages = PAGES.filter((p) => !wanted || wanted.has(p.key));

if (!existsSync(bin)) {
  console.error(`No server binary at ${bin}: build it (make server) or set POCKETCHART_BIN.`);
  process.exit(1);
}
if (!existsSync(chromePath)) {
  console.error(`No Chromium at ${chromePath}: install Debian's (make chromium) or set CHROME_PATH.`);
  process.exit(1);
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};

/** Empties the HTTP cache, the service worker and its caches, keeping the session (local storage). */
async function coldCache(browser, origin) {
  const page = await browser.newPage();
  const cdp = await page.createCDPSession();
  await cdp.send('Network.clearBrowserCache');
  await cdp.send('Storage.clearDataForOrigin', { origin, storageTypes: 'service_workers,cache_storage' });
  await cdp.detach();
  await page.close();
}

/**
 * The installed app before a reopen: its service worker active with every script precached (it is
 * registered by the app shell after login; active only once its install has cached them all), and
 * the HTTP cache empty, so what the worker does not serve comes over the throttled network.
 */
async function installedApp(browser, base) {
  const page = await browser.newPage();
  await page.goto(`${base}dashboard`, { waitUntil: 'networkidle0' });
  await page.waitForSelector('[data-testid="toolbar-title"]');
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  const cdp = await page.createCDPSession();
  await cdp.send('Network.clearBrowserCache');
  await cdp.detach();
  await page.close();
}

/** The caches before a run of a page after login, as CACHE says. */
const prepareCaches = (browser, base, origin) => (cache === 'cold' ? coldCache(browser, origin) : installedApp(browser, base));

/** Whether the browser holds a session: the app's token (key ending 'jwt') in local storage. */
async function loggedIn(browser, base) {
  const page = await browser.newPage();
  await page.goto(`${base}favicon.svg`);
  const found = await page.evaluate(() => Object.keys(localStorage).some((k) => k.endsWith('jwt')));
  await page.close();
  return found;
}

async function logIn(browser, base) {
  const page = await browser.newPage();
  page.setDefaultTimeout(60_000);
  await page.goto(`${base}login`, { waitUntil: 'networkidle0' });
  if (process.env.LH_DEBUG) console.error('login page', page.url(), (await page.$$eval('input', (els) => els.map((e) => e.name))).join());
  try {
    await logInAsDemo(page, base);
  } finally {
    await page.close();
  }
}

const { origin, base, stop } = await startDemoServer({ bin, name: 'lighthouse', webDir });
// One profile folder for every Chromium started: local storage (the session), the service worker
// and its caches outlive each browser, as an installed app's do between two opens.
const profile = mkdtempSync(join(tmpdir(), 'lighthouse-profile-'));
let chrome;
let browser;

/** Chromium as Lighthouse's own CLI starts it, with puppeteer-core connected to it. Root in a container has no sandbox. */
async function startChrome() {
  chrome = await chromeLauncher.launch({ chromePath, userDataDir: profile, chromeFlags: ['--headless=new', '--no-sandbox', '--disable-dev-shm-usage'] });
  browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}`, defaultViewport: null });
}

/**
 * Closes Chromium in order and waits for it to exit, so the profile's local storage (the session)
 * is written out, then makes sure it is gone.
 */
async function stopChrome() {
  const exited = chrome && new Promise((done) => (chrome.process.exitCode !== null ? done() : chrome.process.once('exit', done)));
  await browser?.close().catch(() => undefined);
  await Promise.race([exited, new Promise((done) => setTimeout(done, 10_000))]);
  await chrome?.kill();
  browser = undefined;
  chrome = undefined;
}

const results = [];
try {
  // puppeteer-core logs in and empties the caches in the same browser profile as Lighthouse
  // (local storage, which holds the session, is shared by its tabs).
  await startChrome();
  const flags = { output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility', 'best-practices'], formFactor: 'mobile' };

  for (const target of pages) {
    const samples = [];
    for (let run = 1; run <= runs; run++) {
      if (browserMode === 'fresh' && !browser) await startChrome();
      if (target.loggedIn) {
        if (!(await loggedIn(browser, base))) await logIn(browser, base);
        await prepareCaches(browser, base, origin);
      }
      if (browserMode === 'fresh' && target.loggedIn) {
        // The app ran in this browser to get ready: Lighthouse measures in one that has not.
        await stopChrome();
        await startChrome();
      }
      // The login page is measured as a first visit (Lighthouse empties storage); the others keep
      // the session, with the caches as CACHE says. A run whose trace Lighthouse could not record
      // (NO_NAVSTART and the like, now and then on a busy machine) is made again, twice at most.
      let lhr;
      let artifacts;
      for (let attempt = 1; ; attempt++) {
        ({ lhr, artifacts } = await lighthouse(`${base}${target.path}`, { ...flags, port: chrome.port, disableStorageReset: target.loggedIn }));
        if (!lhr.runtimeError) break;
        if (attempt === 3) throw new Error(`${target.name}: ${lhr.runtimeError.message}`);
        console.error(`${target.name} run ${run}: ${lhr.runtimeError.code}; measuring again`);
        if (target.loggedIn) await prepareCaches(browser, base, origin);
      }
      const finalUrl = lhr.finalDisplayedUrl ?? lhr.finalUrl;
      if (target.loggedIn && finalUrl.endsWith('/login')) throw new Error(`${target.name}: the page went to the login screen (not logged in)`);
      const sample = {
        performance: Math.round(lhr.categories.performance.score * 100),
        accessibility: Math.round(lhr.categories.accessibility.score * 100),
        bestPractices: Math.round(lhr.categories['best-practices'].score * 100),
        lcpMs: Math.round(lhr.audits['largest-contentful-paint'].numericValue),
        tbtMs: Math.round(lhr.audits['total-blocking-time'].numericValue),
        fcpMs: Math.round(lhr.audits['first-contentful-paint'].numericValue),
        // Lighthouse's own measure of the machine's CPU speed (higher is faster): blocking times of
        // runs on machines of different speeds are not comparable.
        benchmarkIndex: Math.round(lhr.environment?.benchmarkIndex ?? 0),
        finalUrl,
        // Where the main thread's time went (ms by kind of work) and the scripts that took most of it.
        mainThread: Object.fromEntries((lhr.audits['mainthread-work-breakdown'].details?.items ?? []).map((i) => [i.group, Math.round(i.duration)])),
        scripts: (lhr.audits['bootup-time'].details?.items ?? []).slice(0, 5).map((i) => ({ url: i.url.replace(origin, ''), totalMs: Math.round(i.total), scriptingMs: Math.round(i.scripting) })),
        failing: Object.values(lhr.audits)
          .filter((a) => a.score !== null && a.score < 1 && ['accessibility', 'best-practices'].some((c) => lhr.categories[c].auditRefs.some((r) => r.id === a.id && r.weight > 0)))
          .map((a) => a.id),
      };
      if (process.env.LH_DEBUG) {
        // The whole report, to read the largest paint's element, the request chain and the tasks.
        mkdirSync(join(repo, 'bench', 'results', 'raw'), { recursive: true });
        writeFileSync(join(repo, 'bench', 'results', 'raw', `lhr-${target.key}-${run}.json`), JSON.stringify(lhr));
        // The trace, to open in Chromium's Performance panel or read with bench/lh-tasks.mjs.
        writeFileSync(join(repo, 'bench', 'results', 'raw', `lhr-${target.key}-${run}.trace.json`), JSON.stringify(artifacts.Trace));
        for (const id of sample.failing) console.error(id, JSON.stringify(lhr.audits[id].details?.items?.map((i) => i.node?.snippet ?? i.node?.selector ?? i) ?? null).slice(0, 1500));
      }
      samples.push(sample);
      if (browserMode === 'fresh') await stopChrome();
      console.error(`${target.name} run ${run}: performance ${sample.performance}, accessibility ${sample.accessibility}, best practices ${sample.bestPractices}, LCP ${sample.lcpMs} ms, TBT ${sample.tbtMs} ms${sample.failing.length ? ` (failing: ${sample.failing.join(', ')})` : ''}`);
    }
    const perf = median(samples.map((s) => s.performance));
    const chosen = samples.find((s) => s.performance === perf);
    results.push({
      ...target,
      samples,
      performance: perf,
      accessibility: median(samples.map((s) => s.accessibility)),
      bestPractices: median(samples.map((s) => s.bestPractices)),
      lcpMs: chosen.lcpMs,
      tbtMs: chosen.tbtMs,
    });
  }
} finally {
  await stopChrome();
  await stop();
  rmSync(profile, { recursive: true, force: true });
}

const date = new Date().toISOString().slice(0, 10);
const chromeVersion = (await import('node:child_process')).execFileSync(chromePath, ['--version'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
const lhVersion = JSON.parse(readFileSync(join(packages, 'lighthouse', 'package.json'), 'utf8')).version;
const benchmarkIndex = median(results.flatMap((r) => r.samples.map((s) => s.benchmarkIndex)));
const table = [
  `Last run ${date}: Lighthouse ${lhVersion}, mobile with its default (simulated) throttling, ${chromeVersion}, median of ${runs} run${runs === 1 ? '' : 's'} per page,`,
  `the machine's benchmark index (Lighthouse's CPU measure, higher is faster) ${benchmarkIndex},`,
  cache === 'cold'
    ? 'after login with the HTTP cache, the service worker and its caches emptied before each run (every script over the network),'
    : 'after login as the installed app reopened (service worker and its caches kept, HTTP cache emptied before each run),',
  browserMode === 'fresh' ? 'each run in a Chromium started for it (the profile kept),' : 'every run in one Chromium,',
  `by performance score (LCP and TBT from that run), server \`${bin.startsWith(repo) ? bin.slice(repo.length + 1) : bin}\`${webDir ? ` serving \`${webDir.startsWith(repo) ? webDir.slice(repo.length + 1) : webDir}\`` : ''}.`,
  '',
  '| page | performance | accessibility | best practices | LCP | TBT | runs (performance) |',
  '|---|---:|---:|---:|---:|---:|---|',
  ...results.map((r) => `| ${r.name} | ${r.performance} | ${r.accessibility} | ${r.bestPractices} | ${(r.lcpMs / 1000).toFixed(1)} s | ${r.tbtMs} ms | ${r.samples.map((s) => s.performance).join(', ')} |`),
].join('\n');
console.log(table);

const rawDir = join(repo, 'bench', 'results', 'raw');
mkdirSync(rawDir, { recursive: true });
writeFileSync(join(rawDir, `lighthouse-${cache}-${new Date().toISOString().replace(/[:.]/g, '-')}.json`), JSON.stringify({ date, lighthouse: lhVersion, chrome: chromeVersion, runs, cache, browser: browserMode, results }, null, 2));

if (write && !wanted) {
  const doc = join(repo, 'docs', 'performance.md');
  const text = readFileSync(doc, 'utf8');
  const start = `<!-- lighthouse-${cache}:start -->`;
  const end = `<!-- lighthouse-${cache}:end -->`;
  const i = text.indexOf(start);
  const j = text.indexOf(end);
  if (i < 0 || j < i) {
    console.error(`docs/performance.md has no ${start} ... ${end} markers: the table was not written.`);
    process.exit(1);
  }
  writeFileSync(doc, `${text.slice(0, i + start.length)}\n${table}\n${text.slice(j)}`);
  console.error('Written to docs/performance.md.');
}
