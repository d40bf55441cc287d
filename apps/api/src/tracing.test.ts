import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { startTracing } from './tracing.ts';

const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));

describe('traces (OpenTelemetry)', () => {
  it('are off, loading nothing, without an OTLP endpoint', async () => {
    expect(await startTracing({ env: {} })).toBeNull();
    expect(
      await startTracing({ env: { OTEL_EXPORTER_OTLP_ENDPOINT: 'http://x', OTEL_SDK_DISABLED: 'true' } }),
    ).toBeNull();
  });

  it("a shopper's request is a server span with its route and status, its PostgreSQL statements spans inside it; the probes make none", () => {
    const r = spawnSync(process.execPath, ['--import', 'tsx', 'apps/api/src/test/tracing-probe.ts'], {
      cwd: repoRoot,
      env: process.env,
      encoding: 'utf8',
      timeout: 120_000,
    });
    const line = r.stdout.split('\n').find((l) => l.startsWith('SPANS '));
    expect(line, `${r.stdout}\n${r.stderr}`).toBeDefined();
    const { enabled, spans } = JSON.parse(line!.slice(6)) as {
      enabled: boolean;
      spans: {
        name: string;
        kind: number;
        attributes: Record<string, unknown>;
        trace: string;
        parent: string | null;
      }[];
    };
    expect(enabled).toBe(true);
    // SpanKind.SERVER = 1.
    const server = spans.filter((s) => s.kind === 1);
    expect(server).toHaveLength(1);
    expect(server[0]!.name).toMatch(/^GET/);
    expect(server[0]!.attributes['http.target'] ?? server[0]!.attributes['url.path']).toMatch(
      /^\/v1\/products/,
    );
    expect(
      server[0]!.attributes['http.status_code'] ?? server[0]!.attributes['http.response.status_code'],
    ).toBe(200);
    if (process.env.DATABASE_URL) {
      const queries = spans.filter((s) => s.attributes['db.system'] === 'postgresql');
      expect(queries.length).toBeGreaterThan(0);
      expect(queries.some((q) => q.trace === server[0]!.trace)).toBe(true);
    }
  }, 150_000);
});
