// The deployment's front (deploy/Caddyfile: HTTPS, HTTP/2, compression, HSTS) in front of a measuring script's
// server, as compose.yaml puts Caddy in front of the instances: the web bench measures the app as it is deployed.
// Needs Debian's `caddy` on the PATH (or CADDY_PATH); its certificates and state go into a temporary folder.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from './demoServer.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const caddyfile = path.resolve(here, '..', '..', 'deploy', 'Caddyfile');
const caddyPath = process.env.CADDY_PATH ?? 'caddy';

/** Caddy's version, or null when it is not installed. */
export function caddyVersion() {
  const result = spawnSync(caddyPath, ['version'], { encoding: 'utf8' });
  return result.status === 0 ? result.stdout.trim().split(/\s+/)[0] : null;
}

/**
 * Starts Caddy with deploy/Caddyfile in front of `upstream` (`http://127.0.0.1:port`) on a free HTTPS port of
 * 127.0.0.1 and waits until it passes the upstream's readiness through. Its certificate comes from Caddy's own
 * local authority, which no browser trusts: a browser in front of it must ignore certificate errors.
 */
export async function startCaddyFront(upstream) {
  const [httpsPort, httpPort, adminPort] = [await freePort(), await freePort(), await freePort()];
  const state = mkdtempSync(path.join(os.tmpdir(), 'strazce-caddy-'));
  const base = `https://127.0.0.1:${httpsPort}`;
  const caddy = spawn(caddyPath, ['run', '--config', caddyfile, '--adapter', 'caddyfile'], {
    env: {
      ...process.env,
      HOME: state,
      XDG_DATA_HOME: path.join(state, 'data'),
      XDG_CONFIG_HOME: path.join(state, 'config'),
      SITE_ADDRESS: base,
      UPSTREAMS: new URL(upstream).host,
      CADDY_ADMIN: `127.0.0.1:${adminPort}`,
      CADDY_HTTP_PORT: String(httpPort),
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let log = '';
  caddy.stderr.on('data', (chunk) => {
    log = (log + chunk).slice(-4000);
  });
  const exited = new Promise((resolve) => caddy.once('exit', resolve));
  const stop = async () => {
    caddy.kill('SIGTERM');
    await exited;
    rmSync(state, { recursive: true, force: true });
  };
  // Node's fetch would refuse the local authority's certificate: ask with curl, which can be told not to check.
  const ready = () =>
    spawnSync('curl', ['-sk', '-o', '/dev/null', '-w', '%{http_code}', `${base}/api/health/ready`], {
      encoding: 'utf8',
    }).stdout === '200';
  for (let waited = 0; !ready(); waited += 250) {
    if (waited > 30_000 || caddy.exitCode !== null) {
      await stop();
      throw new Error(`caddy did not start in front of ${upstream}:\n${log}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return { base, stop };
}
