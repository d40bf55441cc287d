/**
 * What a shopper gets, and what the log keeps, when the database fails (issue 12, items 3 and 4): a value
 * PostgreSQL refuses is a 422 in the shopper's language, a database that cannot answer is a 503 with Retry-After,
 * and the log gets the SQLSTATE and the route, never the query's parameters (a password hash, a phone, an email).
 */
import { sql } from 'drizzle-orm';
import { DrizzleQueryError } from 'drizzle-orm/errors';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../app.ts';
import type { Database, Db } from '../db/client.ts';
import { openDatabase } from '../db/client.ts';
import * as schema from '../db/schema.ts';
import { createTestApp, type TestApp } from '../test/app.ts';
import { addShopper, addZones, addressFields, type Shopper } from '../test/shoppers.ts';
import { classifyDatabaseError, isUniqueViolation } from './db-errors.ts';
import { describeError, maskPhone, safeUrl } from './logging.ts';

const PHONE = '01098765432';
const EMAIL = 'leak.check@example.com';
const PASSWORD = 'Kh@lid-Pass-2024';

const signUp = {
  first_name: 'Khalid',
  last_name: 'Mostafa',
  email: EMAIL,
  phone_number: PHONE,
  password: PASSWORD,
  password_confirmation: PASSWORD,
};

/** Makes the next writes to `table` fail inside PostgreSQL with this SQLSTATE (as a full disk or a bad value would). */
async function failWrites(db: Db, table: string, sqlstate: string | null) {
  await db.execute(sql.raw(`drop trigger if exists fail_writes on ${table}`));
  if (!sqlstate) return;
  await db.execute(
    sql.raw(`create or replace function fail_writes() returns trigger language plpgsql as $$
      begin raise exception 'refused by the test' using errcode = '${sqlstate}'; end $$`),
  );
  await db.execute(
    sql.raw(
      `create trigger fail_writes before insert or update on ${table} for each row execute function fail_writes()`,
    ),
  );
}

describe('when the database fails', () => {
  let t: TestApp;
  /** The same store, logging to `lines`. */
  let app: App;
  const lines: string[] = [];
  let shopper: Shopper;

  beforeAll(async () => {
    t = await createTestApp();
    await addZones(t.database.db);
    shopper = await addShopper(t.database.db, t.clock.now());
    app = await buildApp({
      database: t.database,
      clock: t.clock,
      env: 'test',
      devRoutes: true,
      logger: { level: 'info', stream: { write: (line: string) => void lines.push(line) } },
    });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await t?.close();
  });

  it('a sign-up the database refuses is a 422 in her language, and the log keeps no hash, phone or email', async () => {
    await failWrites(t.database.db, 'users', '22023');
    lines.length = 0;
    try {
      for (const [locale, text] of [
        ['en', 'Some of the information sent is not valid, please check it and try again'],
        ['ar', 'فيه بيانات مش مظبوطة، راجعها وحاول تاني'],
      ] as const) {
        const res = await app.inject({
          method: 'POST',
          url: `/v1/users${locale === 'en' ? '?locale=en' : ''}`,
          payload: signUp,
        });
        expect(res.statusCode).toBe(422);
        expect(res.json()).toEqual({ errors: [text] });
      }
    } finally {
      await failWrites(t.database.db, 'users', null);
    }
    const log = lines.join('');
    // It was logged: the SQLSTATE and the route, so someone can tell what happened where.
    expect(log).toContain('"sqlstate":"22023"');
    expect(log).toContain('POST /v1/users');
    // And nothing of what was sent: no query, no parameter, no hash, no stack.
    for (const secret of [PHONE, EMAIL, PASSWORD, 'scrypt$', 'Khalid', 'Mostafa', 'insert into', 'params:'])
      expect(log, secret).not.toContain(secret);
    expect(log).not.toMatch(/"stack"/);
  });

  it.each([
    ['53100', 'the disk is full'],
    ['57014', 'a statement timed out'],
    ['57P01', 'the server is shutting down'],
    ['57P03', 'the server is starting'],
    ['08006', 'the connection failed'],
    ['53300', 'every connection is taken'],
  ])(
    'a database that cannot answer (%s: %s) is a 503 with Retry-After, in her language',
    async (sqlstate) => {
      await failWrites(t.database.db, 'addresses', sqlstate);
      lines.length = 0;
      try {
        for (const [locale, text] of [
          ['en', 'The store is busy right now, please try again in a moment'],
          ['ar', 'المتجر عليه ضغط دلوقتي، حاول تاني كمان شوية'],
        ] as const) {
          const res = await app.inject({
            method: 'POST',
            url: `/v1/users/addresses${locale === 'en' ? '?locale=en' : ''}`,
            headers: shopper.headers,
            payload: { address: addressFields({ phone_number: PHONE }) },
          });
          expect(res.statusCode).toBe(503);
          expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
          expect(res.json()).toEqual({ errors: [text] });
        }
      } finally {
        await failWrites(t.database.db, 'addresses', null);
      }
      const log = lines.join('');
      expect(log).toContain(`"sqlstate":"${sqlstate}"`);
      expect(log).toContain('POST /v1/users/addresses');
      expect(log).not.toContain(PHONE);
      expect(log).not.toContain('El Tahrir');
    },
  );

  it('any other database error is a 500 that says nothing of the query, and the log says which constraint', async () => {
    await failWrites(t.database.db, 'addresses', '23514');
    lines.length = 0;
    try {
      const res = await app.inject({
        method: 'POST',
        url: '/v1/users/addresses?locale=en',
        headers: shopper.headers,
        payload: { address: addressFields({ phone_number: PHONE }) },
      });
      expect(res.statusCode).toBe(500);
      expect(res.json()).toEqual({ errors: ['Something went wrong'] });
    } finally {
      await failWrites(t.database.db, 'addresses', null);
    }
    const log = lines.join('');
    expect(log).toContain('"sqlstate":"23514"');
    expect(log).not.toContain(PHONE);
    expect(log).not.toContain('insert into');
  });

  it('the log masks phone numbers and hides keys in request addresses, and redacts auth headers', async () => {
    lines.length = 0;
    await app.inject({ method: 'GET', url: `/dev/sms-outbox?phone_number=${PHONE}` });
    await app.inject({ method: 'GET', url: '/v1/payments/sandbox/checkout?key=sbx_0123456789abcdef' });
    app.log.info({ req: { headers: shopper.headers } }, 'headers');
    const log = lines.join('');
    expect(log).toContain(`phone_number=${encodeURIComponent('010*****432')}`);
    expect(log).not.toContain(PHONE);
    expect(log).not.toContain('sbx_0123456789abcdef');
    expect(log).not.toContain(shopper.headers.token);
    expect(log).not.toContain(shopper.headers.client);
  });
});

describe('when the database is gone', () => {
  const expectBusy = async (database: Database) => {
    const app = await buildApp({ database, env: 'test' });
    try {
      for (const url of ['/v1/products?locale=en', '/v1/categories?locale=en']) {
        const res = await app.inject({ method: 'GET', url });
        expect(res.statusCode, url).toBe(503);
        expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
        expect(res.json()).toEqual({ errors: ['The store is busy right now, please try again in a moment'] });
      }
    } finally {
      await app.close();
    }
  };

  it('a PostgreSQL server that refuses connections is a 503 with Retry-After', async () => {
    // Nothing listens on port 1: node-postgres's ECONNREFUSED, wrapped by Drizzle.
    const pool = new pg.Pool({ connectionString: 'postgres://postgres@127.0.0.1:1/store', max: 1 });
    const db = drizzle(pool, { schema }) as unknown as Db;
    await expectBusy({ db, kind: 'postgres', close: () => pool.end(), maintain: async () => {} });
    await pool.end();
  });

  it("the embedded database's thread that stopped is a 503 with Retry-After", async () => {
    const database = await openDatabase({ dataDir: 'memory://' });
    await database.close();
    await expectBusy(database);
  });
});

describe('classifyDatabaseError', () => {
  const pgError = (code: string, extra = {}) =>
    Object.assign(new Error('value "01012345678" is out of range'), { code, severity: 'ERROR', ...extra });
  const wrapped = (cause: unknown) =>
    new DrizzleQueryError('insert into users values ($1)', ['01012345678'], cause as Error);

  it.each([
    ['a value out of range, wrapped by Drizzle', wrapped(pgError('22003')), 'invalid_data', '22003'],
    ['a NUL byte in text', wrapped(pgError('22021')), 'invalid_data', '22021'],
    ['a full disk', wrapped(pgError('53100')), 'unavailable', '53100'],
    ['a statement timeout', wrapped(pgError('57014')), 'unavailable', '57014'],
    ['an admin shutdown', pgError('57P01'), 'unavailable', '57P01'],
    ['a crash shutdown', pgError('57P02'), 'unavailable', '57P02'],
    ['a server starting up', pgError('57P03'), 'unavailable', '57P03'],
    ['a connection failure', pgError('08006'), 'unavailable', '08006'],
    [
      'connection refused (a transaction opening a connection)',
      Object.assign(new Error('connect ECONNREFUSED 10.0.0.5:5432'), { code: 'ECONNREFUSED' }),
      'unavailable',
      'ECONNREFUSED',
    ],
    [
      'connection reset',
      wrapped(Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' })),
      'unavailable',
      'ECONNRESET',
    ],
    ['a connection cut', wrapped(new Error('Connection terminated unexpectedly')), 'unavailable', 'unknown'],
    [
      'no free connection in time',
      new Error('timeout exceeded when trying to connect'),
      'unavailable',
      'unknown',
    ],
    [
      "the embedded database's thread gone",
      wrapped(new Error('the embedded database thread stopped (exit code 1)')),
      'unavailable',
      'unknown',
    ],
    ['a unique violation', wrapped(pgError('23505', { constraint: 'users_phone_unique' })), 'other', '23505'],
    ['any other query failure', wrapped(new Error('something odd')), 'other', 'unknown'],
  ])('%s', (_, err, kind, code) => {
    expect(classifyDatabaseError(err)).toMatchObject({ kind, code });
  });

  it('isUniqueViolation: a unique index refused the write, as the driver says it or wrapped by Drizzle', () => {
    expect(isUniqueViolation(pgError('23505'))).toBe(true);
    expect(isUniqueViolation(wrapped(pgError('23505')))).toBe(true);
    expect(isUniqueViolation(wrapped(pgError('23503')))).toBe(false);
    expect(isUniqueViolation(new Error('duplicate key'))).toBe(false);
    expect(isUniqueViolation(null)).toBe(false);
  });

  it('says nothing of errors that are not the database', () => {
    expect(classifyDatabaseError(new Error('boom'))).toBeNull();
    expect(
      classifyDatabaseError(Object.assign(new Error('x'), { code: 'FST_ERR_CTP_INVALID_JSON' })),
    ).toBeNull();
    expect(classifyDatabaseError(undefined)).toBeNull();
  });

  it('describes an error in one line fit for a log or a table: no query, no parameter, no full phone', () => {
    expect(describeError(wrapped(pgError('22003')))).toBe(
      'database error 22003 (numeric_value_out_of_range)',
    );
    expect(describeError(wrapped(pgError('23505', { constraint: 'users_phone_unique' })))).toBe(
      'database error 23505 (unique_violation, users_phone_unique)',
    );
    expect(describeError(new Error('SMS gateway answered 400: bad number 01012345678'))).toBe(
      'SMS gateway answered 400: bad number 010*****678',
    );
  });

  it('masks phone numbers and secrets for the log', () => {
    expect(maskPhone('01012345678')).toBe('010*****678');
    expect(maskPhone('12345')).toBe('*****');
    expect(safeUrl('/dev/sms-outbox?phone_number=01012345678&limit=5')).toBe(
      `/dev/sms-outbox?phone_number=${encodeURIComponent('010*****678')}&limit=5`,
    );
    expect(safeUrl('/v1/payments/response/paymob?hmac=abc&id=7')).toBe(
      '/v1/payments/response/paymob?hmac=%5Bredacted%5D&id=7',
    );
  });
});
