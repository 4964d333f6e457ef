import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, SERVER_DIR, killStartedServers, startServer } from './serverProcess';

// The build goes into a copy of the repository's layout (server/dist beside server/package.json and
// server/drizzle, web/dist beside server/), so that the server finds its folder, its migrations and the web app
// from it as from the real one, and the test does not depend on whether web/dist happens to be built.
const treeDir = fs.mkdtempSync(path.join(os.tmpdir(), 'strazce-tree-'));
const serverDir = path.join(treeDir, 'server');
const outDir = path.join(serverDir, 'dist');
const webDir = path.join(treeDir, 'web', 'dist');
const WEB_PAGE = `<!doctype html><html><head><title>Strážce ${randomBytes(4).toString('hex')}</title></head></html>`;
fs.mkdirSync(outDir, { recursive: true });
fs.mkdirSync(webDir, { recursive: true });
fs.copyFileSync(path.join(SERVER_DIR, 'package.json'), path.join(serverDir, 'package.json'));
fs.symlinkSync(path.join(SERVER_DIR, 'drizzle'), path.join(serverDir, 'drizzle'), 'dir');
fs.symlinkSync(path.join(SERVER_DIR, '..', 'node_modules'), path.join(treeDir, 'node_modules'), 'dir');
fs.writeFileSync(path.join(webDir, 'index.html'), WEB_PAGE);
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'strazce-build-'));
afterEach(() => killStartedServers());
afterAll(() => {
  fs.rmSync(treeDir, { recursive: true, force: true });
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
    // The web app is served from web/dist beside the server's folder.
    const page = await fetch(`${base}/`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');
    expect(await page.text()).toContain(
      WEB_PAGE.slice(WEB_PAGE.indexOf('<title>'), WEB_PAGE.indexOf('</title>')),
    );
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
  }, 180_000);
});
