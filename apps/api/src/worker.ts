/**
 * npm run worker: an instance that runs only the periodic jobs (outbox, payment releases, imports, prices, purges,
 * sweeps) and answers only /health, /ready and /metrics on PORT. Start the web instances with JOBS=off beside it,
 * or leave JOBS=on everywhere: every job is safe on several instances at once.
 */
process.env.JOBS = 'only';
await import('./server.ts');

export {};
