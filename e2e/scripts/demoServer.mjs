// The measuring scripts' own server (e2e/support/server.mjs: a fresh database with the demo data on the built web
// app), on a free port, and the administrator's session on it. One place for the start, the wait and the login.
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
export const ADMIN_PASSWORD = 'Admin123!';

/** A port nobody listens on now. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

/**
 * Starts the demo server and waits (up to three minutes) until it answers. `stop()` ends it and waits for its exit;
 * `newToken()` logs the administrator in and answers the session token.
 */
export async function startDemoServer() {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const server = spawn(process.execPath, [path.join(here, '..', 'support', 'server.mjs')], {
    env: { ...process.env, PORT: String(port), ADMIN_PASSWORD, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise((resolve) => server.once('exit', resolve));
  const stop = async () => {
    server.kill('SIGTERM');
    await exited;
  };
  const answers = () =>
    fetch(`${base}/api/health/ready`).then(
      (response) => response.ok,
      () => false,
    );
  try {
    for (let waited = 0; !(await answers()); waited += 250) {
      if (waited > 180_000) throw new Error('the server did not start');
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  } catch (error) {
    await stop();
    throw error;
  }
  const authorization = `Basic ${Buffer.from(`admin:${ADMIN_PASSWORD}`).toString('base64')}`;
  const newToken = async () =>
    (await (await fetch(`${base}/api/session`, { headers: { Authorization: authorization } })).json()).session
      .token;
  return { base, stop, newToken };
}
