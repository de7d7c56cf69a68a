#!/usr/bin/env node
// Gzipped size of the JavaScript a browser loads for the login page, the dashboard, the
// patient home and the orders list: the static imports of index.html (Vite manifest) plus the route's
// dynamically imported chunk and its static imports (chunks loaded later, such as the
// patient form or the order form when a dialog opens, are not counted). Run after `npm run build` in web/.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const dist = join(dirname(fileURLToPath(import.meta.url)), '..', 'web', 'dist');
const manifestPath = join(dist, '.vite', 'manifest.json');
if (!existsSync(manifestPath)) {
  console.error(`No ${manifestPath}: run \`npm run build\` in web/ first.`);
  process.exit(1);
}
const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));

const ROUTES = {
  login: 'src/features/auth/routes/LoginPage.tsx',
  dashboard: 'src/app/routes/dashboard.tsx',
  patientHome: 'src/app/routes/patient-area.tsx',
  orders: 'src/features/orders/routes/OrdersRoutes.tsx',
};

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
const raw = (file) => readFileSync(join(dist, file)).length;
const kib = (n) => `${(n / 1024).toFixed(1)} KiB`;

const entry = staticClosure('index.html');
const rows = [];
for (const [name, src] of Object.entries(ROUTES)) {
  if (!(manifest['index.html'].dynamicImports ?? []).includes(src)) {
    throw new Error(`${src} is not a dynamic import of index.html any more: update bench/web-size.mjs`);
  }
  const files = staticClosure(src, new Set(entry));
  const js = [...files].filter((f) => f.endsWith('.js'));
  const gzip = js.reduce((sum, f) => sum + gz(f), 0);
  const size = js.reduce((sum, f) => sum + raw(f), 0);
  rows.push({ page: name, files: js.length, raw: size, gzip });
}

console.log('JavaScript loaded per page (web/dist, gzip -9):');
console.log(`${'page'.padEnd(12)} ${'files'.padStart(5)} ${'raw'.padStart(11)} ${'gzip'.padStart(11)}`);
for (const r of rows) console.log(`${r.page.padEnd(12)} ${String(r.files).padStart(5)} ${kib(r.raw).padStart(11)} ${kib(r.gzip).padStart(11)}`);
console.log(JSON.stringify({ unit: 'bytes', ...Object.fromEntries(rows.map((r) => [r.page, { gzip: r.gzip, raw: r.raw, files: r.files }])) }));
