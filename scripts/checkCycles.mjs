// Import cycles (`npm test`, lint step): none between files of the server, the contract and the web app
// (dependency-cruiser, rules in .dependency-cruiser.cjs), and none between the server's parts: its modules
// (server/src/modules/<module>), its layers (platform/, db/, ops/) and the app's composition files (app.ts, main.ts,
// ...), tests left out: a test may use another module's fixtures.
import { spawnSync } from 'node:child_process';

const ROOTS = ['server/src', 'packages/contract/src', 'web/src'];
const run = spawnSync(
  'npx',
  ['depcruise', ...ROOTS, '--config', '.dependency-cruiser.cjs', '--output-type', 'json'],
  { encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 },
);
if (run.error || !run.stdout) {
  console.error(run.stderr || run.error);
  process.exit(1);
}
const result = JSON.parse(run.stdout);
let failed = false;

for (const violation of result.summary.violations) {
  const path = violation.cycle?.length
    ? [violation.from, ...violation.cycle.map((step) => step.name ?? step)].join(' → ')
    : `${violation.from} → ${violation.to}`;
  const error = violation.rule.severity === 'error';
  failed ||= error;
  console.log(`${error ? 'error' : 'known'} ${violation.rule.name}: ${path}`);
}

/** The part of the server a file belongs to: a module's folder, a layer's folder, or a composition file. */
const partOf = (file) => {
  const match = /^server\/src\/(modules\/[^/]+|[^/]+)/.exec(file);
  return match ? match[1] : null;
};
const isTest = (file) => /\.test\.tsx?$/.test(file);
const parts = new Map();
for (const module of result.modules) {
  const from = partOf(module.source);
  if (!from || isTest(module.source)) continue;
  if (!parts.has(from)) parts.set(from, new Map());
  for (const dependency of module.dependencies) {
    const to = partOf(dependency.resolved);
    if (!to || to === from) continue;
    if (!parts.get(from).has(to)) parts.get(from).set(to, `${module.source} → ${dependency.resolved}`);
  }
}
// Tarjan's strongly connected components: every component of more than one part is a cycle.
let index = 0;
const indexes = new Map();
const lows = new Map();
const stack = [];
const onStack = new Set();
const components = [];
const visit = (part) => {
  indexes.set(part, index);
  lows.set(part, index++);
  stack.push(part);
  onStack.add(part);
  for (const next of parts.get(part)?.keys() ?? []) {
    if (!indexes.has(next)) {
      visit(next);
      lows.set(part, Math.min(lows.get(part), lows.get(next)));
    } else if (onStack.has(next)) lows.set(part, Math.min(lows.get(part), indexes.get(next)));
  }
  if (lows.get(part) === indexes.get(part)) {
    const component = [];
    let member;
    do {
      member = stack.pop();
      onStack.delete(member);
      component.push(member);
    } while (member !== part);
    if (component.length > 1) components.push(component);
  }
};
for (const part of parts.keys()) if (!indexes.has(part)) visit(part);
for (const component of components) {
  failed = true;
  console.log(`error cycle between the server's parts: ${component.sort().join(', ')}`);
  for (const from of component)
    for (const [to, example] of parts.get(from) ?? [])
      if (component.includes(to)) console.log(`  ${from} → ${to} (${example})`);
}

console.log(
  failed
    ? 'Import cycles found (see above).'
    : `No import cycles (${result.summary.totalCruised} files; known exceptions listed as "known").`,
);
process.exit(failed ? 1 : 0);
