import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { PRODUCTION_ENV } from './test/production-env.ts';
import { checkDataDir, emailProvider, embeddedDatabaseNotice, loadConfig, runningLine } from './config.ts';

/** What a real store must set: production refuses the demo's stand-ins and says which variable to set. */
const production = PRODUCTION_ENV;

describe('configuration', () => {
  it('SMS_HOURLY_LIMIT is a whole number of codes an hour, 1000 unless set', () => {
    expect(loadConfig({}).SMS_HOURLY_LIMIT).toBe(1000);
    expect(loadConfig({ SMS_HOURLY_LIMIT: '250' }).SMS_HOURLY_LIMIT).toBe(250);
    expect(() => loadConfig({ SMS_HOURLY_LIMIT: 'lots' })).toThrow(
      /SMS_HOURLY_LIMIT: SMS_HOURLY_LIMIT must be a whole number of codes an hour/,
    );
    expect(() => loadConfig({ SMS_HOURLY_LIMIT: '5' })).toThrow(/SMS_HOURLY_LIMIT must be at least 10/);
  });

  it('production starts with real providers and a public address', () => {
    const c = loadConfig(production);
    expect(c.PUBLIC_URL).toBe('https://store.example');
    expect(c.DEV_ROUTES).toBe('false');
    expect(c.TRUST_PROXY).toBeUndefined();
  });

  it.each([
    [
      'PAYMENT_PROVIDER',
      { PAYMENT_PROVIDER: 'sandbox' },
      /PAYMENT_PROVIDER=sandbox .* set PAYMENT_PROVIDER=paymob/,
    ],
    ['SMS_PROVIDER', { SMS_PROVIDER: 'outbox' }, /SMS_PROVIDER=outbox .* set SMS_PROVIDER=http/],
    ['PUBLIC_URL', { PUBLIC_URL: undefined }, /PUBLIC_URL is required in production/],
    ['DEV_ROUTES', { DEV_ROUTES: 'true' }, /DEV_ROUTES=true is refused in production/],
    [
      'STORE_LEGAL_NAME',
      { STORE_LEGAL_NAME: undefined },
      /STORE_LEGAL_NAME is required in production: the company's legal name, printed on every invoice/,
    ],
    ['STORE_ADDRESS', { STORE_ADDRESS: undefined }, /STORE_ADDRESS is required in production/],
    [
      'STORE_TAX_ID',
      { STORE_TAX_ID: undefined },
      /STORE_TAX_ID is required in production: the 9-digit tax registration number/,
    ],
  ])('production refuses to start with %s of the demo, naming the variable', (_name, change, message) => {
    expect(() => loadConfig({ ...production, ...change })).toThrow(message);
  });

  it('the start-up line names the address to open (the back office accepts changes from it) and where it listens', () => {
    // A store listening on loopback only: opened at 127.0.0.1 its back office would refuse the sign-in (another
    // origin than the store's own), so the line names localhost, the store's address, and the loopback it listens on.
    expect(runningLine(loadConfig({ HOST: '127.0.0.1', PORT: '3977' }), 'embedded, ./data')).toBe(
      'The store is running at http://localhost:3977 (listening on 127.0.0.1:3977; database: embedded, ./data)',
    );
    expect(runningLine(loadConfig({ HOST: '::', PORT: '3000' }), 'PostgreSQL')).toBe(
      'The store is running at http://localhost:3000 (listening on [::]:3000; database: PostgreSQL)',
    );
    expect(runningLine(loadConfig({ ...production, PORT: '8080' }), 'PostgreSQL')).toBe(
      'The store is running at https://store.example (listening on 0.0.0.0:8080; database: PostgreSQL)',
    );
  });

  it('production on the embedded database refuses to start, naming ALLOW_EMBEDDED_DATABASE', () => {
    const { DATABASE_URL: _postgres, ...embedded } = production;
    expect(() => loadConfig(embedded)).toThrow(
      'The store cannot start: the configuration is wrong.\n' +
        '  DATABASE_URL: DATABASE_URL is required in production: without it every order, shopper and picture would live in one folder on this machine (DATA_DIR). Set DATABASE_URL to a PostgreSQL database, or ALLOW_EMBEDDED_DATABASE=true for a one-machine shop that accepts this (then schedule npm run backup)',
    );
    expect(() => loadConfig({ ...embedded, ALLOW_EMBEDDED_DATABASE: 'yes' })).toThrow(
      'ALLOW_EMBEDDED_DATABASE: ALLOW_EMBEDDED_DATABASE must be true or false',
    );
    // A store on PostgreSQL, and the demo on the embedded database, say nothing of it.
    expect(embeddedDatabaseNotice(loadConfig(production), '/srv/store')).toBe('');
    expect(embeddedDatabaseNotice(loadConfig({}), '/srv/store')).toBe('');
  });

  it('production on the embedded database starts with ALLOW_EMBEDDED_DATABASE=true and says to schedule npm run backup', () => {
    const { DATABASE_URL: _postgres, ...embedded } = production;
    const c = loadConfig({ ...embedded, ALLOW_EMBEDDED_DATABASE: 'true' });
    expect(c.DATABASE_URL).toBeUndefined();
    expect(embeddedDatabaseNotice(c, '/srv/store')).toBe(
      'This store runs on the embedded database (ALLOW_EMBEDDED_DATABASE=true): its orders, shoppers and pictures are only in /srv/store on this machine. Schedule npm run backup (every night, copies kept on another machine; README, Backups).',
    );
  });

  it('the demo (no NODE_ENV) starts with the sandbox, the outbox and no developer routes', () => {
    const c = loadConfig({});
    expect([c.PAYMENT_PROVIDER, c.SMS_PROVIDER, c.DEV_ROUTES]).toEqual(['sandbox', 'outbox', 'false']);
  });

  it('ADDRESS_LIMIT_FACTOR multiplies the per-address limits only', async () => {
    const { DEFAULT_AUTH_LIMITS, withAddressFactor } = await import('./modules/auth/limits.ts');
    const l = withAddressFactor(
      DEFAULT_AUTH_LIMITS,
      loadConfig({ ADDRESS_LIMIT_FACTOR: '20' }).ADDRESS_LIMIT_FACTOR,
    );
    expect([l.smsPerIp.max, l.signInPerIp.max, l.codePerIp.max, l.discountCodePerIp.max]).toEqual([
      1000, 2000, 2000, 1200,
    ]);
    expect([l.smsPerPhone, l.signInPerPhone, l.codePerPhone, l.discountCodePerUser]).toEqual([
      DEFAULT_AUTH_LIMITS.smsPerPhone,
      DEFAULT_AUTH_LIMITS.signInPerPhone,
      DEFAULT_AUTH_LIMITS.codePerPhone,
      DEFAULT_AUTH_LIMITS.discountCodePerUser,
    ]);
    expect(() => loadConfig({ ADDRESS_LIMIT_FACTOR: '0' })).toThrow(/ADDRESS_LIMIT_FACTOR/);
  });

  it('TRUST_PROXY takes a hop count or proxy addresses, and refuses "true"', () => {
    expect(loadConfig({ TRUST_PROXY: '1' }).TRUST_PROXY).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '127.0.0.1, 10.0.0.0/8' }).TRUST_PROXY).toBe('127.0.0.1, 10.0.0.0/8');
    expect(loadConfig({ TRUST_PROXY: 'loopback,::1' }).TRUST_PROXY).toBe('loopback,::1');
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY=true would let any client/);
    expect(() => loadConfig({ TRUST_PROXY: 'nginx' })).toThrow(/TRUST_PROXY must be/);
    expect(() => loadConfig({ TRUST_PROXY: '10.0.0.0/33' })).toThrow(/TRUST_PROXY must be/);
  });

  /** The whole message a start stops with, for one wrong variable. */
  const refusal = (name: string, sentence: string) =>
    `The store cannot start: the configuration is wrong.\n  ${name}: ${sentence}`;
  const publicRange = (entry: string, widest: number) =>
    `TRUST_PROXY must not trust public internet addresses wider than a /${widest}: ${entry} would let anyone sending from there choose the address every per-address limit counts; list your proxies' own addresses (private ranges such as 10.0.0.0/8 may be any size), or give the number of proxies in front of the store (e.g. 1)`;

  it.each([
    ['0.0.0.0/1,128.0.0.0/1', publicRange('0.0.0.0/1', 24)],
    ['0.0.0.0/0', publicRange('0.0.0.0/0', 24)],
    ['10.0.0.0/8, 104.16.0.0/13', publicRange('104.16.0.0/13', 24)],
    ['::/0', publicRange('::/0', 48)],
    ['2000::/3', publicRange('2000::/3', 48)],
    ['::ffff:0:0/96', publicRange('::ffff:0:0/96', 24)],
    ['10.0.0.0/7', publicRange('10.0.0.0/7', 24)],
    [
      '99',
      'TRUST_PROXY=99 believes 99 proxies in a row, so a client could choose its own address by writing the rest of X-Forwarded-For; give the number of proxies really in front of the store, at most 5 (e.g. 1)',
    ],
    [
      '6',
      'TRUST_PROXY=6 believes 6 proxies in a row, so a client could choose its own address by writing the rest of X-Forwarded-For; give the number of proxies really in front of the store, at most 5 (e.g. 1)',
    ],
  ])(
    'TRUST_PROXY=%s would trust the clients themselves: the start stops with a sentence naming it',
    (value, sentence) => {
      expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(refusal('TRUST_PROXY', sentence));
    },
  );

  it('TRUST_PROXY takes up to 5 hops, any private range, and a store’s own public addresses up to a /24 or /48', () => {
    expect(loadConfig({ TRUST_PROXY: '5' }).TRUST_PROXY).toBe(5);
    for (const value of [
      '10.0.0.0/8,172.16.0.0/12,192.168.0.0/16,100.64.0.0/10,169.254.0.0/16,127.0.0.0/8',
      'fc00::/7,fe80::/10,::1',
      'loopback,linklocal,uniquelocal',
      '::ffff:10.0.0.0/104',
      '203.0.113.7',
      '198.51.100.0/24,2001:db8:1234::/48',
    ])
      expect(loadConfig({ TRUST_PROXY: value }).TRUST_PROXY, value).toBe(value);
  });
});

describe('DATA_DIR at start-up', () => {
  const root = mkdtempSync(path.join(tmpdir(), 'store-data-dir-'));
  afterAll(() => rmSync(root, { recursive: true, force: true, maxRetries: 5 }));
  const stop = (folder: string, why: string) =>
    `The store cannot start: the configuration is wrong.\n  DATA_DIR: the store cannot create or write the folder ${folder} (${why}); set DATA_DIR to a folder this server may write, or make that one writable`;

  it('a DATA_DIR that cannot be created stops the start with a sentence naming DATA_DIR and the folder', () => {
    // A file where a folder of the path should be: refused even to root, which a read-only mode is not.
    const file = path.join(root, 'a-file');
    writeFileSync(file, '');
    const dataDir = path.join(file, 'data');
    expect(() => checkDataDir(dataDir, { embeddedDatabase: true })).toThrow(
      stop(dataDir, 'a file stands where a folder should be, ENOTDIR'),
    );
  });

  it('an uploads folder that cannot be made is named too, before the database opens', () => {
    const dataDir = path.join(root, 'taken');
    mkdirSync(dataDir);
    writeFileSync(path.join(dataDir, 'uploads'), '');
    expect(() => checkDataDir(dataDir, { embeddedDatabase: true })).toThrow(
      stop(path.join(dataDir, 'uploads'), 'a file stands where a folder should be, EEXIST'),
    );
    expect(existsSync(path.join(dataDir, 'pglite'))).toBe(false);
  });

  it('a writable DATA_DIR gets its folders (pglite/ only for the embedded database) and keeps no trace of the check', () => {
    const embedded = path.join(root, 'embedded');
    checkDataDir(embedded, { embeddedDatabase: true });
    expect(readdirSync(embedded).sort()).toEqual(['pglite', 'uploads']);
    expect([readdirSync(path.join(embedded, 'pglite')), readdirSync(path.join(embedded, 'uploads'))]).toEqual(
      [[], []],
    );
    const postgres = path.join(root, 'postgres');
    checkDataDir(postgres, { embeddedDatabase: false });
    expect(readdirSync(postgres)).toEqual(['uploads']);
  });
});

describe('email settings', () => {
  it('EMAIL_PROVIDER=smtp needs SMTP_URL and EMAIL_FROM; production refuses the outbox and defaults to none', () => {
    expect(() => loadConfig({ EMAIL_PROVIDER: 'smtp' })).toThrow(
      /SMTP_URL is required with EMAIL_PROVIDER=smtp, e\.g\. smtp:\/\/user:password@host:587/,
    );
    expect(() => loadConfig({ EMAIL_PROVIDER: 'smtp', SMTP_URL: 'smtp://u:p@mail.example:587' })).toThrow(
      /EMAIL_FROM is required with EMAIL_PROVIDER=smtp/,
    );
    expect(() => loadConfig({ EMAIL_PROVIDER: 'smtp', SMTP_URL: 'http://x', EMAIL_FROM: 'a@b.c' })).toThrow(
      /SMTP_URL must be smtp:\/\/user:password@host:587 or smtps:\/\/…:465/,
    );
    expect(() => loadConfig({ ...production, EMAIL_PROVIDER: 'outbox' })).toThrow(
      /EMAIL_PROVIDER=outbox keeps every email on this machine; in production set EMAIL_PROVIDER=smtp/,
    );
    expect(emailProvider(loadConfig(production))).toBe('none');
    expect(emailProvider(loadConfig({}))).toBe('outbox');
    const smtp = loadConfig({
      EMAIL_PROVIDER: 'smtp',
      SMTP_URL: 'smtps://orders:secret@mail.example:465',
      EMAIL_FROM: 'Egypt Electronics <orders@store.example>',
    });
    expect(emailProvider(smtp)).toBe('smtp');
  });
});
