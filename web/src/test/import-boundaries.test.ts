import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// The import boundaries of eslint.config.js (`npm run lint`), checked on snippets placed in the tree.
const web = fileURLToPath(new URL('../..', import.meta.url));
const eslint = new ESLint({ cwd: web });

async function boundaryErrors(code: string, path: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: `${web}${path}` });
  return (result?.messages ?? []).filter((m) => m.ruleId === 'pocketchart/import-boundaries').map((m) => m.message);
}

// The first lint builds the project's TypeScript program: seconds on a busy 2-core machine.
describe('import boundaries', { timeout: 30_000 }, () => {
  it('a feature never imports another feature, by alias or by relative path', async () => {
    expect(await boundaryErrors("import x from '@/features/orders';\nexport default x;\n", 'src/features/patients/components/Snippet.tsx')).toEqual([
      'A feature never imports another feature (features/patients imports features/orders): let src/app compose them.',
    ]);
    expect(await boundaryErrors("export { y } from '../../orders/lib/filters';\n", 'src/features/patients/components/Snippet.ts')).toHaveLength(1);
    expect(await boundaryErrors("const m = import('@/features/vitals/components/VitalsDialogs');\nexport default m;\n", 'src/features/orders/index.ts')).toHaveLength(1);
  });

  it('shared code (components, lib, api) never imports a feature', async () => {
    for (const area of ['components', 'lib', 'api']) {
      expect(await boundaryErrors("import x from '@/features/orders/lib/filters';\nexport default x;\n", `src/${area}/snippet.ts`)).toHaveLength(1);
    }
  });

  it('a feature may import itself and shared code; the app may import any feature', async () => {
    expect(await boundaryErrors("import a from '../lib/order-form';\nimport b from '@/features/orders/api/get-order';\nimport c from '@/components/form';\nexport default [a, b, c];\n", 'src/features/orders/components/Snippet.tsx')).toEqual([]);
    expect(await boundaryErrors("import a from '@/features/orders';\nimport b from '@/features/patients/routes/PatientArea';\nexport default [a, b];\n", 'src/app/routes/snippet.tsx')).toEqual([]);
  });
});
