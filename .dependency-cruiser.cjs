/**
 * Import cycles, checked by `npm test` (its lint step): none in the server, the contract or the web app, type-only
 * imports included (a cycle of types still ties the files' changes together). The layers' rule (platform/ and
 * db/ import no module) is an ESLint rule (eslint.config.js).
 */

/**
 * Parts of the code base whose cycles are known and not yet removed: reported, not failing. Empty this list
 * once they are gone; keep it the only such place.
 */
const KNOWN_CYCLES = [];

module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'An import cycle: the files cannot be understood, changed or tested one without the other.',
      from: KNOWN_CYCLES.length > 0 ? { pathNot: KNOWN_CYCLES } : {},
      to: { circular: true },
    },
    ...(KNOWN_CYCLES.length > 0
      ? [
          {
            name: 'no-circular-known',
            severity: 'warn',
            comment: 'A known cycle (KNOWN_CYCLES in .dependency-cruiser.cjs): to be removed.',
            from: { path: KNOWN_CYCLES },
            to: { circular: true },
          },
        ]
      : []),
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: ['(^|/)node_modules/', '(^|/)dist/', '^server/drizzle/'] },
    // Type-only imports count: `import type` ties two files as much as a value does.
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.base.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
