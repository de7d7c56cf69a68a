// Fails when the generated files are not what src/api/openapi.json makes: src/api/schema.d.ts
// (openapi-typescript) and src/api/limits.ts (scripts/gen-limits.mjs). `npm run gen:api` writes both.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { LIMITS_PATH, readDocument, renderLimits } from './gen-limits.mjs';

const web = join(dirname(fileURLToPath(import.meta.url)), '..');
const dir = mkdtempSync(join(tmpdir(), 'pocketchart-api-'));
const out = join(dir, 'schema.d.ts');
let stale = false;
try {
  execFileSync(
    process.execPath,
    [join(web, 'node_modules/openapi-typescript/bin/cli.js'), join(web, 'src/api/openapi.json'), '-o', out],
    { stdio: ['ignore', 'ignore', 'inherit'] },
  );
  const fresh = readFileSync(out, 'utf8');
  const committed = readFileSync(join(web, 'src/api/schema.d.ts'), 'utf8');
  if (fresh !== committed) {
    console.error('src/api/schema.d.ts is out of date with src/api/openapi.json: run `npm run gen:api` and commit it.');
    stale = true;
  } else {
    console.log('src/api/schema.d.ts matches src/api/openapi.json');
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}

let limits = '';
try {
  limits = readFileSync(LIMITS_PATH, 'utf8');
} catch {
  // missing: reported below
}
if (limits !== renderLimits(readDocument())) {
  console.error('src/api/limits.ts is out of date with src/api/openapi.json: run `npm run gen:api` and commit it.');
  stale = true;
} else {
  console.log('src/api/limits.ts matches src/api/openapi.json');
}
if (stale) process.exit(1);
