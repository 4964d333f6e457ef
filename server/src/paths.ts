import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The server package's folder (`server/`): the nearest folder above this module with a package.json. The
 * same from the TypeScript source (`server/src/paths.ts`, `npm run dev`, tests) and from the build, where
 * every module is bundled into `server/dist/main.js` (`npm start`).
 */
function findServerDir(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  while (!fs.existsSync(path.join(dir, 'package.json'))) {
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error(`No package.json above ${fileURLToPath(import.meta.url)}`);
    dir = parent;
  }
  return dir;
}

export const SERVER_DIR = findServerDir();

/** The migrations drizzle-kit writes (`server/drizzle`). */
export const MIGRATIONS_DIR = path.join(SERVER_DIR, 'drizzle');

/** The built web app (`web/dist`). */
export const WEB_DIST_DIR = path.resolve(SERVER_DIR, '..', 'web', 'dist');
