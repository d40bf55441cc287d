import { config } from 'zod';

// Imported first by main.tsx, before any schema of the contracts is built. Zod compiles object parsers with
// `new Function` when it may; the store's Content-Security-Policy forbids eval (apps/api/src/lib/security-headers.ts)
// and even Zod's caught probe is reported as a violation. Interpreted parsers are plenty fast for the forms here.
config({ jitless: true });
