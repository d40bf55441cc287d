/**
 * Run by tracing.test.ts in a process of its own (the instrumentation must come before the HTTP server and pg load):
 * starts tracing with an in-memory exporter, serves the store, asks one catalog page, prints the spans as JSON.
 */
import { InMemorySpanExporter } from '@opentelemetry/sdk-trace-base';
import { startTracing } from '../tracing.ts';

const exporter = new InMemorySpanExporter();
const tracing = await startTracing({ exporter, env: {} });
const { createTestApp } = await import('./app.ts');
const { productMaker } = await import('./shoppers.ts');
const t = await createTestApp();
await (
  await productMaker(t.database.db, t.clock.now())
)(1000, 5);
await t.app.listen({ port: 0, host: '127.0.0.1' });
const port = (t.app.server.address() as { port: number }).port;
await (await fetch(`http://127.0.0.1:${port}/v1/products?page=1`)).text();
await (await fetch(`http://127.0.0.1:${port}/health`)).text();
await t.close();
// Read before shutting down: the in-memory exporter forgets its spans when it is shut down.
const spans = exporter.getFinishedSpans().map((s) => ({
  name: s.name,
  kind: s.kind,
  attributes: s.attributes,
  trace: s.spanContext().traceId,
  parent: s.parentSpanId ?? null,
}));
await tracing?.shutdown();
process.stdout.write(`SPANS ${JSON.stringify({ enabled: tracing !== null, spans })}\n`);
