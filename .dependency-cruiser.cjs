/**
 * `npm run lint` runs dependency-cruiser with these rules (decision 017). ESLint keeps API modules to each other's
 * index.ts; this finds import cycles, between files and, through those index.ts faces, between modules. Type-only
 * imports count too: they are erased at build, but a reader still has to read both files together (the AppContext
 * cycle through app.ts ended when it moved to src/context.ts, decision 029).
 * @type {import('dependency-cruiser').IConfiguration}
 */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment:
        'An import cycle: break it by moving the shared part down, or by a hook of the lower module (lib/hooks.ts)',
      from: {},
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|dist|dist-server|drizzle)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.base.json' },
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.js', '.mjs'] },
  },
};
