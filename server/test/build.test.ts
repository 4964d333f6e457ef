import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, SERVER_DIR, killStartedServers, startServer } from './serverProcess';

// The build goes beside the real one (server/dist), so that the server finds its folder from it the same way.
const outDir = path.join(SERVER_DIR, 'dist', `test-${randomBytes(4).toString('hex')}`);
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'strazce-build-'));
afterEach(() => killStartedServers());
afterAll(() => {
  fs.rmSync(outDir, { recursive: true, force: true });
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('the production build (npm start)', () => {
  it('compiles the server into one module that runs with plain node on the embedded database', async () => {
    const outfile = path.join(outDir, 'main.js');
    execFileSync(process.execPath, ['build.mjs', outfile], { cwd: SERVER_DIR, stdio: 'pipe' });
    // The workspace package's TypeScript is compiled in; the npm packages load from node_modules.
    const bundle = fs.readFileSync(outfile, 'utf8');
    expect(bundle).not.toMatch(/from ["']@strazce\/contract["']/);
    expect(bundle).toMatch(/from ["']fastify["']/);

    const server = startServer(['--enable-source-maps', outfile], dataDir);
    const port = await server.listening;
    const base = `http://127.0.0.1:${port}`;
    const info = await fetch(`${base}/api/info`);
    expect(info.status).toBe(200);
    // The migrations were found and applied, and the administrator seeded: the login works.
    const login = await fetch(`${base}/api/session`, {
      headers: { authorization: `Basic ${Buffer.from(`admin:${ADMIN_PASSWORD}`).toString('base64')}` },
    });
    expect(login.status, await login.clone().text()).toBe(200);
    expect(((await login.json()) as { user: { userName: string } }).user.userName).toBe('admin');
    // The built web app is served from web/dist when it has been built.
    if (fs.existsSync(path.join(SERVER_DIR, '..', 'web', 'dist', 'index.html'))) {
      const page = await fetch(`${base}/`);
      expect(page.status).toBe(200);
      expect(page.headers.get('content-type')).toContain('text/html');
    }
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
  }, 180_000);
});
