#!/usr/bin/env node
// Where the main thread's time goes when the installed app is reopened on a page after login
// (issue 17: Lighthouse's blocking time). For one web build made with source maps, reopens each
// page REPS times (HTTP cache emptied, service worker kept, CPU not slowed) with Chromium's
// sampling profiler and a trace. For every task of the start over LONG ms it prints its length,
// its style and layout time (from the trace), and its script time by the package or app folder
// the source map names, summed over the loads; then the functions with the most self time. Under
// each task, its forced layouts: style or layout worked out inside a script (a read of a size or a
// position after the page changed), with the script's stack, as they make the browser lay out the
// page in the middle of the task instead of in the frame's own rendering.
//
//   (cd web && npx vite build --sourcemap --outDir /tmp/dist-map)
//   node bench/start-profile.mjs /tmp/dist-map
//   POCKETCHART_BIN  server binary (default target/release/pocketchart)
//   PAGES            paths under /app, separated by commas (default orders); `login` is loaded
//                    as a first visit
//   REPS             loads per page (default 5)
//   COVERAGE=1       block coverage on while measuring, as Lighthouse has it (slower scripts)
//   LONG             the shortest task shown, ms (default 12: Lighthouse counts a task of d ms as
//                    4d - 50 ms of blocking time)
//   CALLERS=name     also sums, for the functions whose name starts with `name` (a native one such
//                    as getBoundingClientRect or setTimeout), the self time by the app's or a
//                    package's function that called them
//   TAP=schedule     instead of loads: the schedule's first open after a start (the app reloaded
//                    on the dashboard, the drawer opened, Schedule tapped: a touch held 80 ms, as
//                    bench/interactions.mjs does), traced from the touch to the frame with the day
//                    (phone size, 360x640); with LONG=1 every task of the tap is shown
//   TAP=patient      a patient opened from the search's results by a tap, after a start on
//                    Patients, traced until the patient home shows
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { launchChromium, mainThreadEvents, PACKAGES } from './chromium.mjs';
import { logInAsDemo, startDemoServer } from './demo-server.mjs';
import { dayShown, patientHomeShown, touch } from './taps.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const { SourceMapConsumer } = await import(pathToFileURL(join(PACKAGES, 'source-map', 'source-map.js')).href);

const dist = process.argv[2] && resolve(process.cwd(), process.argv[2]);
if (!dist || !existsSync(join(dist, 'index.html'))) {
  console.error('usage: node bench/start-profile.mjs DIST   (a web build made with --sourcemap)');
  process.exit(2);
}
const bin = resolve(here, '..', process.env.POCKETCHART_BIN ?? 'target/release/pocketchart');
const pages = (process.env.PAGES ?? 'orders').split(',');
const reps = Number(process.env.REPS ?? 5);
const LONG = Number(process.env.LONG ?? 12);

/** A script's source map, by the script's address (null when it has none). */
const maps = new Map();
async function mapOf(url) {
  if (maps.has(url)) return maps.get(url);
  let consumer = null;
  const path = url.match(/\/app\/(assets\/[^?#]+\.js)$/)?.[1];
  if (path && existsSync(join(dist, `${path}.map`))) consumer = await new SourceMapConsumer(JSON.parse(readFileSync(join(dist, `${path}.map`), 'utf8')));
  maps.set(url, consumer);
  return consumer;
}

/** The package (`react-dom`, `@mui/material`) or the app folder (`src/features/orders`) a source belongs to. */
function areaOf(source) {
  const pkg = source.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/);
  if (pkg) return pkg[1];
  const app = source.match(/src\/(features\/[^/]+|[^/]+)/);
  return app ? `src/${app[1]}` : source;
}

/**
 * Where a script position (1-based line, 0-based column) is in the app's sources: its area and
 * 'function (source:line)'; null when the script has no source map or the map does not name it.
 */
async function sourceOf(url, line, column, functionName) {
  const map = url ? await mapOf(url) : null;
  const at = map && line > 0 ? map.originalPositionFor({ line, column: Math.max(0, column) }) : null;
  if (!at?.source) return null;
  const file = at.source.replace(/^.*node_modules\//, '').replace(/^(\.\.\/)+/, '');
  return { area: areaOf(at.source), name: `${at.name ?? functionName} (${file}:${at.line})` };
}

/** Each profile node's area and function name, through the source maps. */
async function describeNodes(profile) {
  const byId = new Map();
  for (const node of profile.nodes) {
    const { url, lineNumber, columnNumber, functionName } = node.callFrame;
    // The profiler's lines are 0-based.
    const found = await sourceOf(url, lineNumber + 1, columnNumber, functionName || '(anonymous)');
    byId.set(node.id, found ?? { area: url ? 'other scripts' : functionName || '(native)', name: functionName || '(anonymous)' });
  }
  return byId;
}

/** Runs `act` on `page` under the sampling profiler and a trace: the profile and the trace's events. */
async function traced(page, cdp, act) {
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 50 });
  const file = join(tmpdir(), `start-profile-${process.pid}.json`);
  await page.tracing.start({ path: file, categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'disabled-by-default-devtools.timeline.stack', 'toplevel'] });
  // Lighthouse measures with block coverage on (its unused-JavaScript audit), which runs the
  // page's scripts without V8's optimisations: COVERAGE=1 does the same, to see its tasks.
  if (process.env.COVERAGE) await cdp.send('Profiler.startPreciseCoverage', { callCount: false, detailed: true });
  await cdp.send('Profiler.start');
  await act();
  const { profile } = await cdp.send('Profiler.stop');
  await page.tracing.stop();
  const events = JSON.parse(readFileSync(file, 'utf8')).traceEvents;
  rmSync(file, { force: true });
  return { profile, events };
}

async function load(browser, base, path) {
  // The login page is measured as Lighthouse does: a first visit, in a context of its own (no
  // session, no service worker).
  const context = path === 'login' ? await browser.createBrowserContext() : null;
  const page = await (context ?? browser).newPage();
  await page.setViewport({ width: 412, height: 823, isMobile: true, hasTouch: true });
  const cdp = await page.createCDPSession();
  await cdp.send('Network.clearBrowserCache');
  const measured = await traced(page, cdp, () => page.goto(`${base}${path}`, { waitUntil: 'networkidle0' }));
  await page.close();
  await context?.close();
  return measured;
}

const sleep = (ms) => new Promise((done) => setTimeout(done, ms));

/** A quick tap at `point` (as bench/interactions.mjs makes it), traced until `shown` is true in the page. */
async function tracedTap(page, cdp, point, shown) {
  return traced(page, cdp, async () => {
    await touch(cdp, point);
    await page.waitForFunction(shown, { polling: 'raf' });
  });
}

/** The middle of the first of `elements` that has a box. */
async function middleOf(elements) {
  for (const element of elements) {
    const box = await element.boundingBox();
    if (box) return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
  }
  throw new Error('nothing to tap');
}

/** The schedule's first open after a start, by a tap on Schedule in the drawer, traced (TAP=schedule). */
async function tapSchedule(browser, base) {
  const page = await browser.newPage();
  await page.setViewport({ width: 360, height: 640, isMobile: true, hasTouch: true });
  const cdp = await page.createCDPSession();
  await page.goto(`${base}dashboard`, { waitUntil: 'networkidle0' });
  await page.waitForSelector('[data-testid="toolbar-title"]');
  await page.tap('button[aria-label="Open navigation"]');
  await sleep(400); // the drawer's slide-in
  const point = await middleOf(await page.$$('a[href$="/app/appointments"]'));
  const measured = await tracedTap(page, cdp, point, dayShown);
  await page.close();
  return measured;
}

/**
 * A patient opened from the search after a start (TAP=patient): the app reloaded on Patients, a
 * name searched, the `rep`th result of five tapped (a different patient each time), traced until
 * the patient home shows (header card and menu), as bench/interactions.mjs times it.
 */
async function tapPatient(browser, base, rep) {
  const page = await browser.newPage();
  await page.setViewport({ width: 360, height: 640, isMobile: true, hasTouch: true });
  const cdp = await page.createCDPSession();
  await page.goto(`${base}patients`, { waitUntil: 'networkidle0' });
  await page.type('input[type="search"]', ['smi', 'joh', 'wil', 'bro', 'gar'][rep % 5]);
  await page.waitForSelector('[data-testid="patient-results"] a');
  await page.waitForFunction(() => document.querySelector('[aria-busy]')?.getAttribute('aria-busy') === 'false');
  const rows = await page.$$('[data-testid="patient-results"] a');
  const point = await middleOf([rows[rep % Math.min(5, rows.length)]]);
  const measured = await tracedTap(page, cdp, point, patientHomeShown);
  await page.close();
  return measured;
}

const TAPS = { schedule: { path: 'appointments', what: "the schedule's first open by a tap", run: tapSchedule }, patient: { path: 'patients', what: 'a patient opened from the search by a tap', run: tapPatient } };
const tapped = process.env.TAP && TAPS[process.env.TAP];
if (process.env.TAP && !tapped) {
  console.error(`TAP is one of ${Object.keys(TAPS).join(', ')}`);
  process.exit(2);
}

const STYLE = new Set(['UpdateLayoutTree', 'RecalculateStyles']);
const LAYOUT = new Set(['Layout']);

/** Where a trace's stack frame (1-based line and column) is, through the source maps. */
async function frameAt({ url, lineNumber, columnNumber, functionName }) {
  const found = await sourceOf(url, lineNumber, columnNumber - 1, functionName);
  return found?.name ?? (functionName || '(anonymous)');
}

/** The long tasks of one load, each with its samples' areas and functions and its style and layout time. */
async function longTasks({ profile, events }) {
  const main = mainThreadEvents(events);
  const tasks = main
    .filter((e) => e.name === 'RunTask' && e.ph === 'X' && e.dur / 1000 >= LONG)
    .map((e) => ({ start: e.ts, end: e.ts + e.dur, ms: e.dur / 1000, style: 0, layout: 0, areas: new Map(), functions: new Map(), callers: new Map(), forced: [] }));
  for (const e of main) {
    if (e.ph !== 'X' || !(STYLE.has(e.name) || LAYOUT.has(e.name))) continue;
    const task = tasks.find((t) => e.ts >= t.start && e.ts < t.end);
    if (!task) continue;
    task[STYLE.has(e.name) ? 'style' : 'layout'] += e.dur / 1000;
    const stack = e.args?.beginData?.stackTrace ?? e.args?.data?.stackTrace;
    if (stack?.length) task.forced.push({ ms: e.dur / 1000, what: STYLE.has(e.name) ? 'style' : 'layout', stack: await Promise.all(stack.slice(0, 4).map(frameAt)) });
  }
  const nodes = await describeNodes(profile);
  const parents = new Map(profile.nodes.flatMap((node) => (node.children ?? []).map((child) => [child, node.id])));
  /** The nearest caller of a node that has a source (the app's or a package's code). */
  const callerOf = (id) => {
    for (let at = parents.get(id); at !== undefined; at = parents.get(at)) {
      const node = nodes.get(at);
      if (node.area !== 'other scripts' && !node.area.startsWith('(')) return `${node.area}: ${node.name}`;
    }
    return '(none)';
  };
  let at = profile.startTime;
  for (let i = 0; i < profile.samples.length; i++) {
    at += profile.timeDeltas[i];
    const next = i + 1 < profile.timeDeltas.length ? profile.timeDeltas[i + 1] : 0;
    const task = tasks.find((t) => at >= t.start && at < t.end);
    if (!task) continue;
    const { area, name } = nodes.get(profile.samples[i]);
    const ms = next / 1000;
    task.areas.set(area, (task.areas.get(area) ?? 0) + ms);
    task.functions.set(name, (task.functions.get(name) ?? 0) + ms);
    if (process.env.CALLERS && name.startsWith(process.env.CALLERS)) {
      const caller = callerOf(profile.samples[i]);
      task.callers.set(caller, (task.callers.get(caller) ?? 0) + ms);
    }
  }
  return tasks;
}

const top = (map, n) => [...map].sort((a, b) => b[1] - a[1]).slice(0, n);
const ms = (v) => v.toFixed(1);

const browser = await launchChromium();
const server = await startDemoServer({ bin, name: 'start-profile', webDir: dist });
try {
  const first = await browser.newPage();
  await first.goto(`${server.base}login`, { waitUntil: 'networkidle0' });
  await logInAsDemo(first, server.base);
  await first.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  for (const path of pages.filter((p) => p !== 'login')) await first.goto(`${server.base}${path}`, { waitUntil: 'networkidle0' });
  await first.close();

  for (const path of tapped ? [tapped.path] : pages) {
    console.log(tapped ? `\n## ${tapped.what}: tasks of ${LONG} ms or more, ${reps} taps` : `\n## ${path}: tasks of ${LONG} ms or more, ${reps} loads`);
    const functions = new Map();
    const callers = new Map();
    const byArea = new Map();
    let styleAndLayout = 0;
    for (let rep = 1; rep <= reps; rep++) {
      const tasks = await longTasks(await (tapped ? tapped.run(browser, server.base, rep) : load(browser, server.base, path)));
      console.log(`\nload ${rep}: ${tasks.map((t) => `${ms(t.ms)}`).join(', ')} ms`);
      for (const t of tasks) {
        const areas = top(t.areas, 6).map(([a, v]) => `${a} ${ms(v)}`).join(', ');
        console.log(`  ${ms(t.ms)} ms: style ${ms(t.style)}, layout ${ms(t.layout)}; ${areas}`);
        for (const f of t.forced) console.log(`    forced ${f.what} ${ms(f.ms)} ms: ${f.stack.join(' < ')}`);
        for (const [name, v] of t.functions) functions.set(name, (functions.get(name) ?? 0) + v);
        for (const [name, v] of t.callers) callers.set(name, (callers.get(name) ?? 0) + v);
        for (const [area, v] of t.areas) byArea.set(area, (byArea.get(area) ?? 0) + v);
        styleAndLayout += t.style + t.layout;
      }
    }
    console.log(`\nin those tasks, per load (ms): style and layout ${ms(styleAndLayout / reps)}; ${top(byArea, 16).map(([a, v]) => `${a} ${ms(v / reps)}`).join(', ')}`);
    console.log(`\nself time in those tasks, all loads (ms):`);
    for (const [name, v] of top(functions, 30)) console.log(`  ${ms(v).padStart(7)}  ${name}`);
    if (process.env.CALLERS) {
      console.log(`\n${process.env.CALLERS}: self time by caller, all loads (ms):`);
      for (const [name, v] of top(callers, 15)) console.log(`  ${ms(v).padStart(7)}  ${name}`);
    }
  }
} finally {
  await browser.close();
  await server.stop();
}
