// Starts the real server for the browser tests: a wiped temporary data directory under e2e/.tmp (so the
// embedded database is new and filled with the demo data), the port and admin password from the
// environment, and the web app built into web/dist (`npm run build` runs before the e2e step).
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const port = process.env.PORT;
if (!port) throw new Error('PORT is required');
if (!existsSync(path.join(root, 'web', 'dist', 'index.html'))) {
  throw new Error('web/dist is missing: run `npm run build` before the browser tests');
}

const dataDir = path.join(root, 'e2e', '.tmp', `data-${port}`);
rmSync(dataDir, { recursive: true, force: true });
mkdirSync(dataDir, { recursive: true });

const server = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'server', 'src', 'main.ts')], {
  cwd: root,
  env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
  stdio: 'inherit',
});

const stop = (signal) => {
  server.kill(signal);
};
process.on('SIGINT', () => stop('SIGINT'));
process.on('SIGTERM', () => stop('SIGTERM'));
server.on('exit', (code) => {
  rmSync(dataDir, { recursive: true, force: true });
  process.exit(code ?? 0);
});
