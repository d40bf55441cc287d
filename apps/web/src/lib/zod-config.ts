// Imported first by main.tsx (and the back office's), before any schema of the contracts is built. Zod compiles
// object parsers with `new Function` when it may; the store's Content-Security-Policy forbids eval
// (apps/api/src/lib/security-headers.ts) and even Zod's caught probe is reported as a violation. Interpreted parsers
// are plenty fast for the forms here.
//
// Zod keeps its global configuration on `globalThis.__zod_globalConfig` and keeps an object it finds there
// (zod/v4/core/core.js), so setting `jitless` there before Zod loads does what `z.config({ jitless: true })` does
// without putting Zod into the first load (3.75 KB gzipped). The browser tests fail on any CSP violation, so if a
// Zod version stopped reading it, they would say so.
const holder = globalThis as { __zod_globalConfig?: Record<string, unknown> };
holder.__zod_globalConfig = { ...holder.__zod_globalConfig, jitless: true };

export {};
