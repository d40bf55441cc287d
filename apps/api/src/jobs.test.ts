import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from './app.ts';
import { startJobs } from './jobs.ts';
import { createTestApp, type TestApp } from './test/app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** A logger that keeps what the jobs say, with the fields their child loggers carry. */
function recordingLogger(lines: object[], fields: object = {}): FastifyBaseLogger {
  const at = (level: string) => (obj: object | string, msg?: string) =>
    lines.push({
      level,
      ...fields,
      ...(typeof obj === 'object' ? obj : { msg: obj }),
      ...(msg ? { msg } : {}),
    });
  return {
    level: 'info',
    child: (extra: object) => recordingLogger(lines, { ...fields, ...extra }),
    info: at('info'),
    warn: at('warn'),
    error: at('error'),
    debug: at('debug'),
    trace: at('trace'),
    fatal: at('fatal'),
    silent: () => undefined,
  } as unknown as FastifyBaseLogger;
}

describe('the periodic jobs', () => {
  it("record each job's last run for /metrics and log failures through the app's logger with the job's name", async () => {
    const lines: object[] = [];
    const failing = { upkeep: () => Promise.reject(new Error('disk full')) };
    const stop = startJobs({ ctx: t.app.ctx, log: recordingLogger(lines), metrics: t.app.metrics }, failing);
    try {
      // The price refresh runs at start.
      for (let i = 0; i < 100; i++) {
        const text = (await t.app.inject({ method: 'GET', url: '/metrics' })).body;
        if (/store_job_last_success_timestamp_seconds\{job="prices"\}/.test(text)) break;
        await new Promise((r) => setTimeout(r, 50));
      }
      const text = (await t.app.inject({ method: 'GET', url: '/metrics' })).body;
      expect(text).toMatch(/store_job_last_success_timestamp_seconds\{job="prices"\} \d+/);
    } finally {
      stop();
    }
    // A failing job's line names it (the upkeep runs once a minute: asked directly through the same loop).
    const stop2 = startJobs(
      { ctx: t.app.ctx, log: recordingLogger(lines), metrics: t.app.metrics },
      failing,
      {},
      { runAtStart: ['database-upkeep'] },
    );
    try {
      for (let i = 0; i < 100 && !lines.length; i++) await new Promise((r) => setTimeout(r, 20));
    } finally {
      stop2();
    }
    expect(lines).toContainEqual(
      expect.objectContaining({ level: 'error', job: 'database-upkeep', msg: 'database-upkeep failed' }),
    );
    expect((await t.app.inject({ method: 'GET', url: '/metrics' })).body).toMatch(
      /store_job_failures_total\{job="database-upkeep"\} 1/,
    );
  });

  it('a jobs-only instance (npm run worker) answers only its probes', async () => {
    const app = await buildApp({
      database: t.database,
      env: 'test',
      probesOnly: true,
      catalogIndexReady: () => true,
    });
    try {
      expect((await app.inject({ method: 'GET', url: '/health' })).statusCode).toBe(200);
      expect((await app.inject({ method: 'GET', url: '/ready' })).statusCode).toBe(200);
      expect((await app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(200);
      expect((await app.inject({ method: 'GET', url: '/v1/products' })).statusCode).toBe(404);
      expect((await app.inject({ method: 'POST', url: '/v1/users/sign_in' })).statusCode).toBe(404);
    } finally {
      await app.close();
    }
  });
});
