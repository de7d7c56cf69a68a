// Vite plugin: writes login.html, the app's index.html with a modulepreload link for each file
// of the login page's code (its route chunk and what that imports, beyond the entry's own files).
// The server answers /app/login with it (crates/server/src/web.rs), so a phone's first visit asks
// for the login page's code together with the entry instead of a round trip after it (issue 17:
// the login chunk was discovered only once the entry had run). Every other address keeps
// index.html, so the pages after login do not load the login page's files.
import type { Plugin, Rolldown } from 'vite';

export const LOGIN_DOCUMENT = 'login.html';

type Chunk = Rolldown.OutputChunk;

/** The file names `start` imports statically, directly or not, `start` included. */
export function staticClosure(start: Chunk, chunks: Map<string, Chunk>): string[] {
  const seen = new Set<string>();
  const queue = [start.fileName];
  while (queue.length > 0) {
    const name = queue.shift()!;
    if (seen.has(name)) continue;
    seen.add(name);
    for (const imported of chunks.get(name)?.imports ?? []) queue.push(imported);
  }
  return [...seen];
}

/** `html` with a modulepreload link for each of `files` (under `base`) before its head ends. */
export function withModulePreloads(html: string, files: string[], base: string): string {
  if (files.length === 0) return html;
  const links = files.map((file) => `\n    <link rel="modulepreload" crossorigin href="${base}${file}">`).join('');
  const end = html.indexOf('</head>');
  if (end < 0) throw new Error('index.html has no </head>');
  return `${html.slice(0, end).trimEnd()}${links}\n  ${html.slice(end)}`;
}

export function loginDocument(base: string, loginModule: RegExp): Plugin {
  return {
    name: 'pocketchart-login-document',
    apply: 'build',
    enforce: 'post',
    generateBundle(_options, bundle) {
      const index = bundle['index.html'];
      if (!index || index.type !== 'asset') throw new Error('the build wrote no index.html');
      const chunks = new Map<string, Chunk>();
      for (const file of Object.values(bundle)) if (file.type === 'chunk') chunks.set(file.fileName, file);
      const entry = [...chunks.values()].find((c) => c.isEntry);
      const login = [...chunks.values()].find((c) => c.facadeModuleId !== null && loginModule.test(c.facadeModuleId));
      if (!entry || !login) throw new Error('the build has no entry or no login page chunk');
      const loaded = new Set(staticClosure(entry, chunks));
      const files = staticClosure(login, chunks).filter((file) => !loaded.has(file));
      this.emitFile({ type: 'asset', fileName: LOGIN_DOCUMENT, source: withModulePreloads(String(index.source), files, base) });
    },
  };
}
