import { existsSync } from 'node:fs';
import { dirname, isAbsolute, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startDemoServer as startServer, type DemoServer } from '../../bench/demo-server.mjs';

export type { DemoServer };

const repo = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');

function serverBinary(): string {
  const configured = process.env.POCKETCHART_BIN ?? 'target/debug/pocketchart';
  return isAbsolute(configured) ? configured : resolve(repo, configured);
}

/**
 * Starts the real server with a fresh SQLite database and the demo practice (user demo /
 * demo) and waits until it is healthy; the benchmarks start theirs with the same code
 * (bench/demo-server.mjs). Each Playwright worker starts its own (fixtures.ts), so the
 * workers' specs never share a practice or the demo user's preferences.
 */
export async function startDemoServer({ webDir }: { webDir?: string } = {}): Promise<DemoServer> {
  const bin = serverBinary();
  if (!existsSync(bin)) {
    throw new Error(`No server binary at ${bin}: build it first (make build), or set POCKETCHART_BIN.`);
  }
  // Serve the web app from a folder (a spec's own copy, or a fresh `npm run build`) instead of
  // the build embedded in the binary.
  const web = webDir ?? process.env.POCKETCHART_E2E_WEB_DIR;
  return startServer({
    bin,
    name: 'e2e',
    webDir: web ? (isAbsolute(web) ? web : resolve(process.cwd(), web)) : null,
    timeoutMs: 60_000,
    serverOutput: true,
  });
}
