// The demo practice's server, for the browser benchmarks (lighthouse.mjs, interactions.mjs,
// long-tasks.mjs) and the browser tests (web/e2e/demo-server.ts): `serve --demo` on a free port
// with a fresh SQLite database in a temporary folder, optionally serving a web build from a
// folder (`--web-dir`); `stop()` ends it and removes the folder. Types: demo-server.d.mts.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** A port nobody listens on now (the server is told it; port 0 would hide it from us). */
function freePort() {
  return new Promise((ok, fail) => {
    const probe = createServer();
    probe.once('error', fail);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => ok(port));
    });
  });
}

/**
 * Starts `bin` and waits until it answers its health check; rejects (the server stopped and its
 * folder removed) if it exits first or takes over `timeoutMs`.
 */
export async function startDemoServer({ bin, name, webDir = null, timeoutMs = 120_000, serverOutput = false }) {
  const dir = mkdtempSync(join(tmpdir(), `pocketchart-${name}-`));
  const port = await freePort();
  const args = ['serve', '--listen', `127.0.0.1:${port}`, '--database', `sqlite://${join(dir, `${name}.db`)}`, '--demo'];
  if (webDir) args.push('--web-dir', webDir);
  const server = spawn(bin, args, {
    stdio: ['ignore', serverOutput ? 'inherit' : 'ignore', 'inherit'],
    env: { ...process.env, RUST_LOG: process.env.RUST_LOG ?? 'warn' },
  });
  const origin = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (server.exitCode === null) {
      const exited = new Promise((r) => server.once('exit', r));
      server.kill('SIGTERM');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
      if (server.exitCode === null) server.kill('SIGKILL');
    }
    rmSync(dir, { recursive: true, force: true });
  };
  const deadline = Date.now() + timeoutMs;
  let last = 'no answer';
  while (Date.now() < deadline) {
    if (server.exitCode !== null) {
      await stop();
      throw new Error(`The server exited with code ${server.exitCode} before it was healthy`);
    }
    try {
      const response = await fetch(`${origin}/api/health`);
      if (response.status === 200) return { origin, base: `${origin}/app/`, stop };
      last = `status ${response.status}`;
    } catch (error) {
      last = error.message;
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  await stop();
  throw new Error(`The server did not answer GET ${origin}/api/health with 200 within ${timeoutMs} ms (${last})`);
}

/**
 * Logs in as `demo` on a puppeteer page at the login screen of `base`, as a user does: until the
 * first page shows (the preload done, its lists kept for the session). Throws if the login fails.
 */
export async function logInAsDemo(page, base) {
  await page.locator('input[name="username"]').fill('demo');
  await page.locator('input[name="password"]').fill('demo');
  await Promise.all([page.waitForNavigation({ waitUntil: 'networkidle0' }), page.locator('button[type="submit"]').click()]);
  if (page.url().startsWith(`${base}login`)) throw new Error('Logging in as demo failed');
  await page.waitForSelector('[data-testid="toolbar-title"]');
}
