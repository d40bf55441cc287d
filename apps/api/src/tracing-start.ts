/** Imported first by server.ts: traces start before the HTTP server and pg are loaded (tracing.ts). */
import { startTracing } from './tracing.ts';

export const tracing = await startTracing().catch((err: unknown) => {
  console.error(`OpenTelemetry could not start: ${err instanceof Error ? err.message : String(err)}`);
  return null;
});
