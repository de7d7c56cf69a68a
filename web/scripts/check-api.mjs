// Fails when src/api/schema.d.ts is not what openapi-typescript makes of src/api/openapi.json.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

const web = join(dirname(fileURLToPath(import.meta.url)), '..');
const dir = mkdtempSync(join(tmpdir(), 'pocketchart-api-'));
const out = join(dir, 'schema.d.ts');
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
    process.exit(1);
  }
  console.log('src/api/schema.d.ts matches src/api/openapi.json');
} finally {
  rmSync(dir, { recursive: true, force: true });
}
