#!/usr/bin/env node
// The main thread's long tasks when the installed app is reopened on a page after login, for two web
// builds side by side (issue 17: Lighthouse's blocking time after login). Starts one demo server
// per build (`serve --demo --web-dir`), logs in on each, lets its service worker precache, then
// reopens the page on each build in turn, REPS times, with the HTTP cache emptied and the CPU
// slowed 4x (Lighthouse's mobile factor), tracing the renderer until the network is idle. A load's
// blocking time is what its main-thread tasks spend over 50 ms each: counted from the first
// contentful paint, as Lighthouse counts it, and over the whole start (a tap during the start waits
// on those before the first paint too). The table gives medians and quartiles per build.
//
//   node bench/long-tasks.mjs BASE_DIST NEW_DIST     (after `npm ci` in bench/lighthouse)
//   POCKETCHART_BIN  server binary (default target/release/pocketchart)
//   PAGES            paths under /app, separated by commas (default dashboard,search,orders,appointments)
//   REPS             loads per page and build (default 7)
import { readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { launchChromium, mainThreadEvents } from './chromium.mjs';
import { logInAsDemo, startDemoServer } from './demo-server.mjs';

const here = dirname(fileURLToPath(import.meta.url));

const [baseDist, newDist] = process.argv.slice(2).map((dir) => resolve(process.cwd(), dir));
if (!baseDist || !newDist) {
  console.error('usage: node bench/long-tasks.mjs BASE_DIST NEW_DIST');
  process.exit(2);
}
const bin = resolve(here, '..', process.env.POCKETCHART_BIN ?? 'target/release/pocketchart');
const pages = (process.env.PAGES ?? 'dashboard,search,orders,appointments').split(',');
const reps = Number(process.env.REPS ?? 7);
const LONG = 50;

/** Blocking time after the first contentful paint, over the whole load, and the longest task (ms), of the renderer's main thread. */
function blocking(traceFile) {
  const events = JSON.parse(readFileSync(traceFile, 'utf8')).traceEvents;
  const main = mainThreadEvents(events);
  const tasks = main.filter((e) => e.name === 'RunTask' && e.ph === 'X');
  const fcp = main.find((e) => e.name === 'firstContentfulPaint')?.ts ?? 0;
  const over = (list) => list.reduce((sum, e) => sum + Math.max(0, e.dur / 1000 - LONG), 0);
  return { tbt: over(tasks.filter((e) => e.ts >= fcp)), whole: over(tasks), longest: Math.max(0, ...tasks.map((e) => e.dur / 1000)) };
}

async function prepare(browser, base) {
  const page = await browser.newPage();
  await page.goto(`${base}login`, { waitUntil: 'networkidle0' });
  await logInAsDemo(page, base);
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  // Every page once, so each later load is a reopen with its code in the worker's cache.
  for (const path of pages) await page.goto(`${base}${path}`, { waitUntil: 'networkidle0' });
  await page.close();
}

async function load(browser, base, path) {
  const page = await browser.newPage();
  await page.setViewport({ width: 412, height: 823, isMobile: true, hasTouch: true });
  const cdp = await page.createCDPSession();
  await cdp.send('Network.clearBrowserCache');
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  const file = join(tmpdir(), `long-tasks-${process.pid}.json`);
  await page.tracing.start({ path: file, categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'toplevel', 'loading'] });
  await page.goto(`${base}${path}`, { waitUntil: 'networkidle0' });
  await page.tracing.stop();
  await page.close();
  const result = blocking(file);
  rmSync(file, { force: true });
  return result;
}

const quantile = (values, q) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
};

const servers = [];
const browser = await launchChromium();
try {
  for (const [name, webDir] of [['base', baseDist], ['new', newDist]]) {
    const server = await startDemoServer({ bin, name: `long-tasks-${name}`, webDir });
    servers.push({ name, ...server });
    await prepare(browser, server.base);
  }
  console.log(`| page | build | blocking time after the first paint, p50 (p25-p75) | blocking time of the whole start, p50 | longest task, p50 |\n|---|---|---:|---:|---:|`);
  for (const path of pages) {
    const samples = Object.fromEntries(servers.map((s) => [s.name, []]));
    for (let rep = 0; rep < reps; rep++) for (const s of servers) samples[s.name].push(await load(browser, s.base, path));
    for (const s of servers) {
      const tbt = samples[s.name].map((r) => r.tbt);
      const whole = samples[s.name].map((r) => r.whole);
      const longest = samples[s.name].map((r) => r.longest);
      const ms = (values, q) => quantile(values, q).toFixed(0);
      console.log(`| ${path} | ${s.name} | ${ms(tbt, 0.5)} ms (${ms(tbt, 0.25)}-${ms(tbt, 0.75)}) | ${ms(whole, 0.5)} ms | ${ms(longest, 0.5)} ms |`);
    }
  }
} finally {
  await browser.close();
  for (const s of servers) await s.stop();
}
