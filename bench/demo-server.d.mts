// Types of demo-server.mjs, for the browser tests that import it (web/e2e/demo-server.ts).

export interface DemoServer {
  /** `http://127.0.0.1:<port>` */
  origin: string;
  /** `<origin>/app/` */
  base: string;
  /** Ends the server and removes its database's folder. */
  stop(): Promise<void>;
}

export function startDemoServer(options: {
  /** The server binary. */
  bin: string;
  /** Names the temporary folder and its database file. */
  name: string;
  /** A web build to serve instead of the one embedded in the binary. */
  webDir?: string | null;
  timeoutMs?: number;
  /** Pass the server's standard output through (its standard error always is). */
  serverOutput?: boolean;
}): Promise<DemoServer>;

/** Logs in as demo on a puppeteer page at the login screen of `base`, until the first page shows. */
export function logInAsDemo(page: unknown, base: string): Promise<void>;
