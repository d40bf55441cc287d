import { apiMessage, type ApiMessageKey } from '@store/contracts';
import type { AddressInfo } from 'node:net';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from './app.ts';
import { loadConfig } from './config.ts';
import { openDatabase, type Database } from './db/client.ts';

/**
 * Issue 12: 1,500 clients sending a body a byte every 10 s all stayed open at 200 s, and at the open-file limit
 * every new shopper's connection was reset. The server now cuts a request that takes too long to arrive, a
 * connection that sends nothing, and an idle keep-alive connection (short bounds here; lib/timeouts.ts has the real
 * ones, and scripts/probe-slow-clients.mjs replays the attack against them).
 */
const BOUNDS = { requestMs: 1_500, headersMs: 1_000, keepAliveMs: 500, connectionMs: 4_000 };
/** Node checks the request and headers timeouts once a second (HTTP_TIMEOUT_CHECK_INTERVAL_MS). */
const CHECK = 1_000;

let app: App;
let database: Database;
let port: number;

beforeAll(async () => {
  database = await openDatabase({ dataDir: 'memory://' });
  app = await buildApp({ database, env: 'test', httpTimeouts: BOUNDS });
  await app.listen({ port: 0, host: '127.0.0.1' });
  port = (app.server.address() as AddressInfo).port;
});
afterAll(async () => {
  await app?.close();
  await database?.close();
});

/** A raw connection: what it was sent back, and when (ms after opening) the server closed it. */
function connect() {
  const socket = net.connect(port, '127.0.0.1');
  const opened = Date.now();
  let received = '';
  socket.setEncoding('latin1');
  socket.on('data', (d: string) => (received += d));
  socket.on('error', () => {});
  const closed = new Promise<{ afterMs: number; received: string }>((resolve) =>
    socket.on('close', () => resolve({ afterMs: Date.now() - opened, received })),
  );
  return { socket, closed };
}

/** An answer Node wrote before any route: the store's security headers and its error shape, in Arabic. */
function expectStoreAnswer(raw: string, key: ApiMessageKey) {
  const [head, body] = Buffer.from(raw, 'latin1').toString('utf8').split('\r\n\r\n');
  expect(head).toMatch(/\r\nx-content-type-options: nosniff\r\n/i);
  expect(head).toMatch(/\r\ncontent-security-policy: default-src 'self'/i);
  expect(head).toMatch(/\r\nconnection: close/i);
  expect(JSON.parse(body!)).toEqual({ errors: [apiMessage(key, 'ar')] });
}

/** Resolves with the outcome, or with 'still open' after `ms` (the behaviour before the fix: open for ever). */
const within = <T>(p: Promise<T>, ms: number) =>
  Promise.race([p, new Promise<'still open'>((r) => setTimeout(() => r('still open'), ms))]);

describe('server timeouts', () => {
  it('a client sending its body a byte at a time is cut off at the request timeout (408), and shoppers are served meanwhile', async () => {
    const slow = connect();
    slow.socket.write(
      `POST /v1/users HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 200\r\n\r\n{`,
    );
    const drip = setInterval(() => slow.socket.write(' '), 200);
    try {
      const shopper = await fetch(`http://127.0.0.1:${port}/health`);
      expect(shopper.status).toBe(200);
      const outcome = await within(slow.closed, BOUNDS.requestMs + CHECK + 2_000);
      expect(outcome).not.toBe('still open');
      if (outcome === 'still open') return;
      expect(outcome.received).toMatch(/^HTTP\/1\.1 408 /);
      expectStoreAnswer(outcome.received, 'request_timeout');
      expect(outcome.afterMs).toBeGreaterThanOrEqual(BOUNDS.requestMs - 100);
      expect(outcome.afterMs).toBeLessThan(BOUNDS.requestMs + CHECK + 500);
    } finally {
      clearInterval(drip);
      slow.socket.destroy();
    }
  });

  it('a connection that sends nothing is closed at the headers timeout', async () => {
    const silent = connect();
    const outcome = await within(silent.closed, BOUNDS.headersMs + CHECK + 2_000);
    silent.socket.destroy();
    expect(outcome).not.toBe('still open');
    if (outcome === 'still open') return;
    expect(outcome.afterMs).toBeLessThan(BOUNDS.headersMs + CHECK + 500);
  });

  it('headers sent a line at a time are cut off at the headers timeout', async () => {
    const slow = connect();
    slow.socket.write('GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\n');
    const drip = setInterval(() => slow.socket.write('X-Slow: 1\r\n'), 150);
    try {
      const outcome = await within(slow.closed, BOUNDS.headersMs + CHECK + 2_000);
      expect(outcome).not.toBe('still open');
      if (outcome === 'still open') return;
      expect(outcome.received).toMatch(/^HTTP\/1\.1 408 /);
      expect(outcome.afterMs).toBeLessThan(BOUNDS.headersMs + CHECK + 500);
    } finally {
      clearInterval(drip);
      slow.socket.destroy();
    }
  });

  it('a keep-alive connection left idle after its answer is closed at the keep-alive timeout', async () => {
    const idle = connect();
    idle.socket.write('GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');
    const outcome = await within(idle.closed, BOUNDS.keepAliveMs + 3_000);
    idle.socket.destroy();
    expect(outcome).not.toBe('still open');
    if (outcome === 'still open') return;
    expect(outcome.received).toMatch(/^HTTP\/1\.1 200 /);
    // Node waits 1 s past keepAliveTimeout before closing (its own margin for a request already on the way).
    expect(outcome.afterMs).toBeLessThan(BOUNDS.keepAliveMs + 1_000 + 500);
  });

  it('headers past the size Node takes are refused with 431 in the same shape, with the same headers', async () => {
    const big = connect();
    big.socket.write(`GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Padding: ${'a'.repeat(20_000)}\r\n\r\n`);
    const outcome = await within(big.closed, 3_000);
    big.socket.destroy();
    expect(outcome).not.toBe('still open');
    if (outcome === 'still open') return;
    expect(outcome.received).toMatch(/^HTTP\/1\.1 431 /);
    expectStoreAnswer(outcome.received, 'headers_too_large');
  });

  it('a whole request that arrives in time is answered as usual', async () => {
    const res = await fetch(`http://127.0.0.1:${port}/v1/users`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'accept-language': 'en' },
      body: '{}',
    });
    expect(res.status).toBe(422);
  });
});

describe('server timeouts in the configuration', () => {
  it('a store started with no settings has request, headers, keep-alive and connection timeouts', () => {
    const c = loadConfig({});
    expect(c.HTTP_REQUEST_TIMEOUT_MS).toBe(30_000);
    expect(c.HTTP_HEADERS_TIMEOUT_MS).toBe(10_000);
    expect(c.HTTP_KEEP_ALIVE_TIMEOUT_MS).toBe(5_000);
    expect(c.HTTP_CONNECTION_TIMEOUT_MS).toBe(60_000);
    expect(c.DATABASE_CONNECT_TIMEOUT_MS).toBe(5_000);
    expect(c.DATABASE_STATEMENT_TIMEOUT_MS).toBe(10_000);
    expect(c.DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS).toBe(10_000);
  });

  it('headers allowed longer than the whole request stop the start with a sentence naming the variable', () => {
    expect(() => loadConfig({ HTTP_HEADERS_TIMEOUT_MS: '40000' })).toThrow(
      /HTTP_HEADERS_TIMEOUT_MS .*must not be longer than HTTP_REQUEST_TIMEOUT_MS/,
    );
    expect(() => loadConfig({ HTTP_REQUEST_TIMEOUT_MS: 'soon' })).toThrow(/HTTP_REQUEST_TIMEOUT_MS/);
  });
});
