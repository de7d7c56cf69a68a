import { describe, expect, it } from 'vitest';
import type { Rolldown } from 'vite';
import { staticClosure, withModulePreloads } from './login-document';

const chunk = (fileName: string, imports: string[]) => ({ fileName, imports }) as unknown as Rolldown.OutputChunk;

describe('staticClosure', () => {
  it('names a chunk and everything it imports, directly or not, once each', () => {
    const chunks = new Map(
      [
        chunk('assets/LoginPage.js', ['assets/LoginForm.js', 'assets/react.js']),
        chunk('assets/LoginForm.js', ['assets/format.js', 'assets/react.js']),
        chunk('assets/format.js', []),
        chunk('assets/react.js', []),
        chunk('assets/Orders.js', ['assets/react.js']),
      ].map((c) => [c.fileName, c]),
    );
    expect(staticClosure(chunks.get('assets/LoginPage.js')!, chunks).sort()).toEqual(
      ['assets/LoginForm.js', 'assets/LoginPage.js', 'assets/format.js', 'assets/react.js'],
    );
  });
});

describe('withModulePreloads', () => {
  const html = '<html>\n  <head>\n    <script type="module" crossorigin src="/app/assets/index.js"></script>\n  </head>\n  <body></body>\n</html>\n';

  it('adds one modulepreload link per file at the end of the head', () => {
    const out = withModulePreloads(html, ['assets/LoginPage.js', 'assets/Logo.js'], '/app/');
    expect(out).toBe(
      '<html>\n  <head>\n    <script type="module" crossorigin src="/app/assets/index.js"></script>' +
        '\n    <link rel="modulepreload" crossorigin href="/app/assets/LoginPage.js">' +
        '\n    <link rel="modulepreload" crossorigin href="/app/assets/Logo.js">' +
        '\n  </head>\n  <body></body>\n</html>\n',
    );
  });

  it('leaves the page as it is with no file to add, and refuses a page without a head', () => {
    expect(withModulePreloads(html, [], '/app/')).toBe(html);
    expect(() => withModulePreloads('<body></body>', ['assets/a.js'], '/app/')).toThrow('no </head>');
  });
});
