import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const MODULES_DIR = path.dirname(fileURLToPath(import.meta.url));
const IMPORT = /(?:from\s+|import\s*\(\s*|import\s+)'(\.\.\/[^'.][^']*)'/g;

/** The files of a module folder, with their text. */
function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return sources(file);
    return /\.tsx?$/.test(entry.name) ? [fs.readFileSync(file, 'utf8')] : [];
  });
}

/** Which modules each module imports (through `'../<module>'`; eslint sees that it is their index). */
function moduleGraph(): Map<string, Set<string>> {
  const modules = fs
    .readdirSync(MODULES_DIR, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
  return new Map(
    modules.map((module) => {
      const used = new Set<string>();
      for (const text of sources(path.join(MODULES_DIR, module)))
        for (const [, spec] of text.matchAll(IMPORT)) {
          const [other] = spec.slice(3).split('/');
          if (modules.includes(other) && other !== module) used.add(other);
        }
      return [module, used];
    }),
  );
}

describe('the web modules (docs/development.md: web layers)', () => {
  it('import one another without a cycle: a piece two modules share moves down to components or lib', () => {
    const graph = moduleGraph();
    expect(graph.size).toBeGreaterThan(10);
    const cycles: string[] = [];
    const visit = (module: string, trail: string[]) => {
      if (trail.includes(module)) {
        cycles.push([...trail.slice(trail.indexOf(module)), module].join(' → '));
        return;
      }
      for (const next of graph.get(module) ?? []) visit(next, [...trail, module]);
    };
    for (const module of graph.keys()) visit(module, []);
    expect(cycles).toEqual([]);
  });

  it('finds the imports between modules it checks', () => {
    // The visit screens show the keys lent during a visit: an import the check must see.
    expect(moduleGraph().get('visit')).toContain('keys');
  });
});
