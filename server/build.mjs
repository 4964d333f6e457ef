// Compiles the server for production (`npm start`): src/main.ts and the TypeScript of the workspace packages
// it uses (@strazce/contract) bundled by esbuild into one ES module, dist/main.js, run with plain `node`.
// Packages from npm stay outside the bundle and load from node_modules as they are (PGlite finds its
// WebAssembly files beside its own code, argon2 its native binary). The server finds its migrations and the
// web app from the nearest package.json above the bundle (src/paths.ts), so dist/ sits directly in server/.
//
//   node build.mjs [outfile]      default: dist/main.js (and ops.js beside it)
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const serverDir = path.dirname(fileURLToPath(import.meta.url));
const outfile = path.resolve(serverDir, process.argv[2] ?? 'dist/main.js');

/** Every bare import (a package) is external, except this repository's own workspace packages. */
const npmPackagesExternal = {
  name: 'npm-packages-external',
  setup(pluginBuild) {
    pluginBuild.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@strazce/') ? undefined : { path: args.path, external: true },
    );
  },
};

const started = Date.now();
// The server, and beside it the operator's commands (src/ops/cli.ts: backup, restore, drill) as ops.js, so that
// an image without the TypeScript source can run them: node dist/ops.js backup /data/backups/monday.
for (const [entry, file] of [
  ['main.ts', outfile],
  [path.join('ops', 'cli.ts'), path.join(path.dirname(outfile), 'ops.js')],
])
  await build({
    entryPoints: [path.join(serverDir, 'src', entry)],
    outfile: file,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: true,
    // Stack traces name the source's functions and files.
    keepNames: true,
    logLevel: 'warning',
    plugins: [npmPackagesExternal],
  });
console.log(`server built into ${path.relative(process.cwd(), outfile)} in ${Date.now() - started} ms`);
