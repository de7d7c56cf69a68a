// What the start benchmarks (long-tasks.mjs, start-profile.mjs) share: Debian's Chromium driven
// by the puppeteer-core that `npm ci` in bench/lighthouse installs, and the renderer's main
// thread in a trace.
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

/** bench/lighthouse's packages (puppeteer-core, source-map). */
export const PACKAGES = join(dirname(fileURLToPath(import.meta.url)), 'lighthouse', 'node_modules');

/** Chromium (CHROME_PATH, default /usr/bin/chromium), headless; nothing is ever downloaded. */
export async function launchChromium() {
  const { default: puppeteer } = await import(pathToFileURL(join(PACKAGES, 'puppeteer-core', 'lib', 'esm', 'puppeteer', 'puppeteer-core.js')).href);
  return puppeteer.launch({ executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium', headless: true, args: ['--no-sandbox', '--disable-dev-shm-usage'] });
}

/** The trace events of the renderer's main thread: the CrRendererMain thread with the most tasks. */
export function mainThreadEvents(events) {
  const names = new Map(events.filter((e) => e.name === 'thread_name').map((e) => [`${e.pid}:${e.tid}`, e.args.name]));
  const counts = new Map();
  for (const e of events) {
    const key = `${e.pid}:${e.tid}`;
    if (e.name === 'RunTask' && names.get(key) === 'CrRendererMain') counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  const main = [...counts].sort((a, b) => b[1] - a[1])[0][0];
  return events.filter((e) => `${e.pid}:${e.tid}` === main);
}
