#!/usr/bin/env node
// Size on the wire (Brotli quality 11, as web/scripts/compress.mjs writes it; gzip -9 too) of the
// JavaScript a browser loads for the login page and each first page after login (dashboard,
// patient search, patient home, orders, schedule): the static imports of index.html (Vite manifest) plus the route's
// dynamically imported chunk and its static imports (chunks loaded later, such as the
// patient form or the order form when a dialog opens, are not counted). Run after `npm run build` in web/.
// `--check` exits 1 naming each page over its budget (issue 17: login 150 KB, others 200 KB on the wire).
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const dist = process.env.WEB_DIST ?? join(dirname(fileURLToPath(import.meta.url)), '..', 'web', 'dist');
const manifestPath = join(dist, '.vite', 'manifest.json');
if (!existsSync(manifestPath)) {
  console.error(`No ${manifestPath}: run \`npm run build\` in web/ first.`);
  process.exit(1);
}
const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));

const ROUTES = {
  login: 'src/features/auth/routes/LoginPage.tsx',
  dashboard: 'src/app/routes/dashboard.tsx',
  patientSearch: 'src/app/routes/patients.tsx',
  patientHome: 'src/app/routes/patient-area.tsx',
  orders: 'src/features/orders/routes/OrdersRoutes.tsx',
  schedule: 'src/app/routes/appointments.tsx',
};
/** Budgets in bytes on the wire (Brotli), 1 KB = 1000 bytes as the issue writes them. */
const BUDGET = { login: 150_000, dashboard: 200_000, patientSearch: 200_000, patientHome: 200_000, orders: 200_000, schedule: 200_000 };
const check = process.argv.includes('--check');
/**
 * Lazy chunks every page after login loads besides its own: the session root (guard, preload, query
 * cache) and the app shell, with the app code only they import, in one chunk (vite.config.ts, 'session').
 */
const SESSION = (manifest['index.html'].dynamicImports ?? []).filter((key) => /^_session-[\w-]+\.js$/.test(key));
if (SESSION.length !== 1) throw new Error("index.html does not load one 'session' chunk any more: update bench/web-size.mjs");

/** Every JS file reached from `key` through static imports. */
function staticClosure(key, files = new Set()) {
  const chunk = manifest[key];
  if (!chunk) throw new Error(`The Vite manifest has no entry ${key}`);
  if (files.has(chunk.file)) return files;
  files.add(chunk.file);
  for (const dep of chunk.imports ?? []) staticClosure(dep, files);
  return files;
}

const gz = (file) => gzipSync(readFileSync(join(dist, file)), { level: 9 }).length;
const br = (file) =>
  brotliCompressSync(readFileSync(join(dist, file)), {
    params: { [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT, [constants.BROTLI_PARAM_QUALITY]: 11 },
  }).length;
const raw = (file) => readFileSync(join(dist, file)).length;
const kib = (n) => `${(n / 1024).toFixed(1)} KiB`;

const entry = staticClosure('index.html');
const rows = [];
for (const [name, src] of Object.entries(ROUTES)) {
  if (!(manifest['index.html'].dynamicImports ?? []).includes(src)) {
    throw new Error(`${src} is not a dynamic import of index.html any more: update bench/web-size.mjs`);
  }
  let files = staticClosure(src, new Set(entry));
  if (name !== 'login') for (const key of SESSION) files = staticClosure(key, files);
  const js = [...files].filter((f) => f.endsWith('.js'));
  const gzip = js.reduce((sum, f) => sum + gz(f), 0);
  const brotli = js.reduce((sum, f) => sum + br(f), 0);
  const size = js.reduce((sum, f) => sum + raw(f), 0);
  rows.push({ page: name, files: js.length, raw: size, gzip, brotli, budget: BUDGET[name] });
}

const kb = (n) => `${(n / 1000).toFixed(1)} KB`;
console.log('JavaScript loaded per page (web/dist; brotli -q 11 is what goes on the wire, gzip -9 for older clients):');
console.log(`${'page'.padEnd(14)} ${'files'.padStart(5)} ${'raw'.padStart(11)} ${'gzip'.padStart(11)} ${'brotli'.padStart(11)} ${'brotli'.padStart(9)} ${'budget'.padStart(9)}`);
for (const r of rows) {
  const over = r.brotli > r.budget ? '  OVER' : '';
  console.log(
    `${r.page.padEnd(14)} ${String(r.files).padStart(5)} ${kib(r.raw).padStart(11)} ${kib(r.gzip).padStart(11)} ${kib(r.brotli).padStart(11)} ${kb(r.brotli).padStart(9)} ${kb(r.budget).padStart(9)}${over}`,
  );
}
console.log(JSON.stringify({ unit: 'bytes', ...Object.fromEntries(rows.map((r) => [r.page, { brotli: r.brotli, gzip: r.gzip, raw: r.raw, files: r.files, budget: r.budget }])) }));
if (check) {
  const over = rows.filter((r) => r.brotli > r.budget);
  for (const r of over) console.error(`${r.page}: ${kb(r.brotli)} of JavaScript on the wire (brotli), over its budget of ${kb(r.budget)}`);
  if (over.length > 0) process.exit(1);
  console.log('Every page is within its budget.');
}
