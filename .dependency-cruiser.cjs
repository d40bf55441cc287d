/**
 * The storefront's features (apps/web/src/features), lowest first. A feature imports only features below it, never
 * one above or beside it (account and content share the top), so no two features import each other. Where a lower
 * feature needs something of a higher one, the higher one subscribes to it (auth's onSignIn and onSignOut) or the
 * app puts it in a slot (catalog's purchase controls, the cart page's checkout button: app/routes.tsx).
 */
const FEATURE_LAYERS = [
  ['auth'],
  ['addresses', 'alerts'],
  ['catalog'],
  ['cart'],
  ['orders'],
  ['checkout'],
  ['account', 'content'],
];

const featureLayerRules = FEATURE_LAYERS.flatMap((layer, i) =>
  layer.map((feature) => {
    const notBelow = FEATURE_LAYERS.slice(i)
      .flat()
      .filter((other) => other !== feature);
    return {
      name: `feature-layer-${feature}`,
      severity: 'error',
      comment: `features/${feature} may import only the features below it (${
        FEATURE_LAYERS.slice(0, i).flat().join(', ') || 'none'
      }): move the shared part down, or let the higher feature subscribe or fill a slot`,
      from: { path: `^apps/web/src/features/${feature}/` },
      to: { path: `^apps/web/src/features/(${notBelow.join('|')})/` },
    };
  }),
);

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
    ...featureLayerRules,
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|dist|dist-server|drizzle)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.base.json' },
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.js', '.mjs'] },
  },
};
