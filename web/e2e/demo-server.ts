import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, isAbsolute, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const repo = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');

function serverBinary(): string {
  const configured = process.env.POCKETCHART_BIN ?? 'target/debug/pocketchart';
  return isAbsolute(configured) ? configured : resolve(repo, configured);
}

/** A port nobody listens on now (the server is told it; port 0 would hide it from us). */
function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolvePort(port));
    });
  });
}

async function waitForHealth(url: string, server: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let last = 'no answer';
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`The server exited with code ${server.exitCode} before it was healthy`);
    try {
      const response = await fetch(url);
      if (response.status === 200) return;
      last = `status ${response.status}`;
    } catch (error) {
      last = (error as Error).message;
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`The server did not answer GET /api/health with 200 within ${timeoutMs} ms (${last})`);
}

export interface DemoServer {
  /** `http://127.0.0.1:<port>` */
  origin: string;
  stop(): Promise<void>;
}

/**
 * Starts the real server with a fresh SQLite database and the demo practice (user demo /
 * demo) and waits until it is healthy. Each Playwright worker starts its own (fixtures.ts),
 * so the workers' specs never share a practice or the demo user's preferences.
 */
export async function startDemoServer({ webDir }: { webDir?: string } = {}): Promise<DemoServer> {
  const bin = serverBinary();
  if (!existsSync(bin)) {
    throw new Error(`No server binary at ${bin}: build it first (make build), or set POCKETCHART_BIN.`);
  }
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), 'pocketchart-e2e-'));
  const args: string[] = ['serve', '--listen', `127.0.0.1:${port}`, '--database', `sqlite://${join(dir, 'e2e.db')}`, '--demo'];
  // Serve the web app from a folder (a spec's own copy, or a fresh `npm run build`) instead of
  // the build embedded in the binary.
  const web = webDir ?? process.env.POCKETCHART_E2E_WEB_DIR;
  if (web) args.push('--web-dir', isAbsolute(web) ? web : resolve(process.cwd(), web));
  const server = spawn(bin, args, { stdio: ['ignore', 'inherit', 'inherit'], env: { ...process.env, RUST_LOG: process.env.RUST_LOG ?? 'warn' } });
  const stop = async () => {
    if (server.exitCode === null) {
      const exited = new Promise((r) => server.once('exit', r));
      server.kill('SIGTERM');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
      if (server.exitCode === null) server.kill('SIGKILL');
    }
    rmSync(dir, { recursive: true, force: true });
  };
  const origin = `http://127.0.0.1:${port}`;
  try {
    await waitForHealth(`${origin}/api/health`, server, 60_000);
  } catch (error) {
    await stop();
    throw error;
  }
  return { origin, stop };
}
