/**
 * Traces (issue 45): OpenTelemetry, configured by its standard variables. With OTEL_EXPORTER_OTLP_ENDPOINT (or
 * OTEL_EXPORTER_OTLP_TRACES_ENDPOINT) set, every request and every PostgreSQL statement becomes a span sent over
 * OTLP/HTTP; OTEL_SERVICE_NAME names the store (default souq-store), OTEL_TRACES_SAMPLER(_ARG) sample, and
 * OTEL_SDK_DISABLED=true turns it off. Without an endpoint nothing is loaded or patched.
 *
 * It must run before the HTTP server and `pg` are loaded: server.ts imports it first. `pg` is then required once
 * through CommonJS here, so the instrumentation patches the one copy every ESM import of it shares.
 */
import { createRequire } from 'node:module';
import type { SpanExporter } from '@opentelemetry/sdk-trace-base';
import { pathOf, PROBE_PATHS } from './lib/probes.ts';

export interface Tracing {
  shutdown(): Promise<void>;
}

export async function startTracing(
  opts: { exporter?: SpanExporter; env?: NodeJS.ProcessEnv } = {},
): Promise<Tracing | null> {
  const env = opts.env ?? process.env;
  const endpoint = env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT ?? env.OTEL_EXPORTER_OTLP_ENDPOINT;
  if (env.OTEL_SDK_DISABLED === 'true') return null;
  if (!opts.exporter && (!endpoint || env.OTEL_TRACES_EXPORTER === 'none')) return null;
  const [{ NodeTracerProvider }, base, { Resource }, { registerInstrumentations }, http, pgi] =
    await Promise.all([
      import('@opentelemetry/sdk-trace-node'),
      import('@opentelemetry/sdk-trace-base'),
      import('@opentelemetry/resources'),
      import('@opentelemetry/instrumentation'),
      import('@opentelemetry/instrumentation-http'),
      import('@opentelemetry/instrumentation-pg'),
    ]);
  const exporter =
    opts.exporter ?? new (await import('@opentelemetry/exporter-trace-otlp-http')).OTLPTraceExporter();
  const provider = new NodeTracerProvider({
    resource: new Resource({ 'service.name': env.OTEL_SERVICE_NAME ?? 'souq-store' }),
  });
  provider.addSpanProcessor(
    opts.exporter ? new base.SimpleSpanProcessor(exporter) : new base.BatchSpanProcessor(exporter),
  );
  provider.register();
  registerInstrumentations({
    tracerProvider: provider,
    instrumentations: [
      new http.HttpInstrumentation({
        // The probes are asked every few seconds: no span each time.
        ignoreIncomingRequestHook: (req) => PROBE_PATHS.has(pathOf(req.url)),
      }),
      new pgi.PgInstrumentation({ enhancedDatabaseReporting: false }),
    ],
  });
  // The copy of pg every import shares, loaded (and so patched) now.
  createRequire(import.meta.url)('pg');
  return { shutdown: () => provider.shutdown() };
}
