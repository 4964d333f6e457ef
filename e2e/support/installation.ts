import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from './freePort';

const here = path.dirname(fileURLToPath(import.meta.url));

export interface Installation {
  baseURL: string;
  stop(): Promise<void>;
}

/**
 * A second server of its own for a test that needs another configuration than the shared one (which has the
 * demo data): `support/server.mjs` on a free port with a fresh database, started with `env` (e.g.
 * `E2E_DEMO_DATA: 'false'` for a production-like installation). Ready when `/api/health/ready` answers (the data seeded).
 */
export async function startInstallation(env: Record<string, string>): Promise<Installation> {
  const port = await freePort();
  const baseURL = `http://127.0.0.1:${port}`;
  const server = spawn(process.execPath, [path.join(here, 'server.mjs')], {
    env: { ...process.env, ...env, PORT: String(port), LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => server.once('exit', () => resolve()));
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (server.exitCode !== null) throw new Error(`the installation's server ended (${server.exitCode})`);
    try {
      if ((await fetch(`${baseURL}/api/health/ready`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      server.kill('SIGTERM');
      throw new Error('the installation did not start within 120 s');
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return {
    baseURL,
    stop: async () => {
      if (server.exitCode === null) server.kill('SIGTERM');
      await exited;
    },
  };
}
