// Compiles the server for production (`npm start`): src/main.ts and the TypeScript of the workspace packages
// it uses (@strazce/contract) bundled by esbuild into one ES module, dist/main.js, run with plain `node`.
// Packages from npm stay outside the bundle and load from node_modules as they are (PGlite finds its
// WebAssembly files beside its own code, argon2 its native binary). The server finds its migrations and the
// web app from the nearest package.json above the bundle (src/paths.ts), so dist/ sits directly in server/.
//
//   node build.mjs [outfile]           default: dist/main.js (and ops.js beside it)
//   node build.mjs --bench [outfile]   the measured process of `npm run bench` (bench/target.ts), default
//                                      dist/bench-target.js: the bench measures the app as production runs it
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const serverDir = path.dirname(fileURLToPath(import.meta.url));
const bench = process.argv[2] === '--bench';
const outfile = path.resolve(
  serverDir,
  process.argv[bench ? 3 : 2] ?? (bench ? 'dist/bench-target.js' : 'dist/main.js'),
);

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
const entries = bench
  ? [[path.join('bench', 'target.ts'), outfile]]
  : [
      [path.join('src', 'main.ts'), outfile],
      [path.join('src', 'ops', 'cli.ts'), path.join(path.dirname(outfile), 'ops.js')],
    ];
for (const [entry, file] of entries)
  await build({
    entryPoints: [path.join(serverDir, entry)],
    outfile: file,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: true,
    // The source maps give stack traces the source's files and lines. Names need no `keepNames`: the
    // bundle is not minified, so V8 names functions as the source does, and keepNames would call
    // Object.defineProperty for every closure made (a measurable share of a request's CPU).
    logLevel: 'warning',
    plugins: [npmPackagesExternal],
  });
console.log(`server built into ${path.relative(process.cwd(), outfile)} in ${Date.now() - started} ms`);
// The migrated empty database a new embedded data folder starts from (src/db/emptyDatabase.ts); kept while the
// migrations and PGlite stay the same.
if (!bench && !process.argv[2])
  execFileSync(process.execPath, [path.join(serverDir, 'dist', 'ops.js'), 'empty-database'], {
    stdio: 'inherit',
  });
