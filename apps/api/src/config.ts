import { PASSWORD_MAX, PASSWORD_MIN, passwordIsEmail } from '@store/contracts';
import { checkEtaSettings, etaSettingsShape } from './adapters/eta/settings.ts';
import { isCommonPassword } from '@store/contracts/common-passwords';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { DEFAULT_DATABASE_TIMEOUTS, DEFAULT_HTTP_TIMEOUTS } from './lib/timeouts.ts';
import { DEFAULT_MAP_TILE_URL, tileSource } from './lib/security-headers.ts';
import { checkSmsSettings, smsSettingsShape } from './adapters/sms/settings.ts';
import { checkWhatsAppSettings, whatsappSettingsShape } from './adapters/whatsapp/settings.ts';
import { checkCourierSettings, courierSettingsShape } from './adapters/couriers/settings.ts';
import { checkImageStoreSettings, imageStoreSettingsShape } from './adapters/image-store-settings.ts';
import { trustProxyProblem } from './lib/trust-proxy.ts';

/** A duration in milliseconds between min and max (timeouts; lib/timeouts.ts says why each default). */
const ms = (min: number, max: number, fallback: number) =>
  z.coerce.number().int().min(min).max(max).default(fallback);

/**
 * TRUST_PROXY: how many proxies stand in front of the store (a number, at most 5), or their addresses
 * (comma-separated addresses, CIDR ranges, or loopback/linklocal/uniquelocal). Unset: the client's address is the
 * socket's (decision 010). What would let clients choose the address every per-address limit counts is refused
 * with a sentence naming it (`true`, more than 5 hops, public ranges wider than a /24 or /48: lib/trust-proxy.ts).
 */
const trustProxySchema = z
  .string()
  .trim()
  .optional()
  .superRefine((v, ctx) => {
    const problem = v === undefined ? undefined : trustProxyProblem(v);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  })
  .transform((v): number | string | undefined =>
    v === undefined || v === '' ? undefined : /^\d+$/.test(v) ? Number(v) : v,
  );

const schema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().default('0.0.0.0'),
    /** Where the embedded PGlite database lives (ignored when DATABASE_URL is set). */
    DATA_DIR: z.string().default('./data'),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'DATABASE_URL must start with postgres:// or postgresql://')
      .optional(),
    /**
     * Read replicas of DATABASE_URL (comma-separated, one server each): catalog reads, reports and the catalog
     * index's build read from one as new as the primary's catalog version, else from the primary (decision 031).
     */
    DATABASE_READ_URL: z.preprocess(
      (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
      z
        .string()
        .transform((v) => v.split(',').map((u) => u.trim()))
        .refine(
          (list) => list.every((u) => /^postgres(ql)?:\/\/./.test(u)),
          'DATABASE_READ_URL must be one or more postgres:// addresses of replicas, separated by commas',
        )
        .optional(),
    ),
    /**
     * Production without DATABASE_URL: `true` accepts the embedded database (a one-machine shop; its orders and
     * pictures then live in DATA_DIR only, so schedule `npm run backup`). Otherwise production refuses to start.
     */
    ALLOW_EMBEDDED_DATABASE: z
      .enum(['true', 'false'], 'ALLOW_EMBEDDED_DATABASE must be true or false')
      .default('false'),
    DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(500).default(20),
    /** PostgreSQL: opening a connection and waiting for a free one in the pool. */
    DATABASE_CONNECT_TIMEOUT_MS: ms(100, 600_000, DEFAULT_DATABASE_TIMEOUTS.connectMs),
    /** One statement (0 = none); on the embedded database its wait for its turn counts too. */
    DATABASE_STATEMENT_TIMEOUT_MS: ms(0, 3_600_000, DEFAULT_DATABASE_TIMEOUTS.statementMs),
    /** A transaction idle this long is rolled back (0 = never). */
    DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS: ms(0, 3_600_000, DEFAULT_DATABASE_TIMEOUTS.idleInTransactionMs),
    /**
     * The folder holding PostgreSQL's pg_dump and pg_restore, for backups of a PostgreSQL store (npm run backup,
     * the back office's download, npm run restore). Default: PATH, then the newest /usr/lib/postgresql/<n>/bin.
     */
    PG_BIN_DIR: z.string().trim().min(1, 'PG_BIN_DIR must name a folder').optional(),
    /** Where pictures are kept: IMAGE_STORE=disk (DATA_DIR/uploads) or s3 with the S3_* bucket (decision 031). */
    ...imageStoreSettingsShape,
    /** The whole request, headers and body, must arrive within this (else 408 and the connection is closed). */
    HTTP_REQUEST_TIMEOUT_MS: ms(1_000, 3_600_000, DEFAULT_HTTP_TIMEOUTS.requestMs),
    /** The request's headers must arrive within this. */
    HTTP_HEADERS_TIMEOUT_MS: ms(1_000, 3_600_000, DEFAULT_HTTP_TIMEOUTS.headersMs),
    /** An idle connection between requests is closed after this. */
    HTTP_KEEP_ALIVE_TIMEOUT_MS: ms(100, 3_600_000, DEFAULT_HTTP_TIMEOUTS.keepAliveMs),
    /** A connection on which nothing moves either way for this long is closed. */
    HTTP_CONNECTION_TIMEOUT_MS: ms(1_000, 3_600_000, DEFAULT_HTTP_TIMEOUTS.connectionMs),
    /**
     * `on` (default): this instance serves requests and runs the periodic jobs (all are safe on several instances);
     * `off`: requests only; `only`: the jobs only, answering just /health, /ready and /metrics (`npm run worker`).
     */
    JOBS: z.enum(['on', 'off', 'only'], 'JOBS must be on, off or only').default('on'),
    /** A bearer token that opens /metrics to a scraper elsewhere than this machine (16+ characters). */
    METRICS_TOKEN: z
      .string()
      .min(
        16,
        'METRICS_TOKEN must be at least 16 characters (a random secret the scraper sends as a bearer token)',
      )
      .optional(),
    /** On SIGTERM, how long requests in flight may take to finish before the process exits anyway. */
    SHUTDOWN_GRACE_MS: ms(0, 600_000, 10_000),
    /**
     * The share of the time a products import may work (catalog-admin/imports-service.ts): after each batch it
     * waits so that shoppers' lists and searches keep the cores and the database (1: batch after batch). Unset: 0.25
     * on PostgreSQL, 0.05 on the embedded database (`importPaceOf`, imports-pace.ts).
     */
    IMPORT_PACE: z.coerce
      .number({ message: 'IMPORT_PACE must be a share of the time from 0.05 to 1' })
      .min(0.05, 'IMPORT_PACE must be a share of the time from 0.05 to 1')
      .max(1, 'IMPORT_PACE must be a share of the time from 0.05 to 1')
      .optional(),
    /**
     * A signed-in shopper's cart untouched this many hours is abandoned: the back office lists it, and it gets one
     * reminder on the channels the owner ticked (none by default: reminders are off until the owner ticks one).
     */
    ABANDONED_CART_HOURS: z.coerce
      .number({ message: 'ABANDONED_CART_HOURS must be a whole number of hours from 1 to 720' })
      .int('ABANDONED_CART_HOURS must be a whole number of hours from 1 to 720')
      .min(1, 'ABANDONED_CART_HOURS must be a whole number of hours from 1 to 720')
      .max(720, 'ABANDONED_CART_HOURS must be a whole number of hours from 1 to 720')
      .default(24),
    /**
     * Public address of this store: every link the server builds (payment redirects and callbacks, share
     * metadata) starts with it, never with what a request's headers claim. Required in production; elsewhere
     * http://localhost:PORT.
     */
    PUBLIC_URL: z
      .string()
      .url('PUBLIC_URL must be an http(s) address such as https://store.example')
      .regex(/^https?:\/\//, 'PUBLIC_URL must be an http(s) address such as https://store.example')
      .optional(),
    TRUST_PROXY: trustProxySchema,
    /** Multiplies the per-address sign-in, code and SMS limits (shoppers sharing few addresses; test rigs). */
    ADDRESS_LIMIT_FACTOR: z.coerce.number().int().min(1).max(1000).default(1),
    /**
     * The most sign-up, reset and sign-in codes the store sends in any hour, from everyone: a cap on the SMS bill
     * when many addresses ask for codes to many numbers. Past it, codes wait (429) and the log says so.
     */
    SMS_HOURLY_LIMIT: z.coerce
      .number({ message: 'SMS_HOURLY_LIMIT must be a whole number of codes an hour, e.g. 1000' })
      .int('SMS_HOURLY_LIMIT must be a whole number of codes an hour, e.g. 1000')
      .min(10, 'SMS_HOURLY_LIMIT must be at least 10')
      .max(1_000_000, 'SMS_HOURLY_LIMIT must be at most 1000000')
      .default(1000),
    /**
     * The origins (scheme://host[:port]) whose pages may call the API from the browser, comma-separated. Default:
     * the origin of PUBLIC_URL. The storefront is served by this server (and `npm run dev` proxies /v1 through
     * Vite), so its calls are same-origin and need none of this.
     */
    CORS_ORIGINS: z.preprocess(
      (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
      z
        .string()
        .transform((v) => v.split(',').map((o) => o.trim()))
        .refine(
          (list) => list.every((o) => /^https?:\/\//.test(o) && URL.canParse(o) && new URL(o).origin === o),
          'CORS_ORIGINS must be comma-separated origins such as https://store.example,https://admin.store.example (scheme and host, no path or trailing slash; never * or null)',
        )
        .optional(),
    ),
    /**
     * The map tiles the storefront was built with (apps/web reads the same variable at build time): the
     * Content-Security-Policy lets images load from their host. Set it for the build and the server alike.
     */
    VITE_MAP_TILE_URL: z.preprocess(
      (v) => (v === '' ? undefined : v),
      z
        .string()
        .refine(
          (v) => tileSource(v) !== undefined,
          'VITE_MAP_TILE_URL must be a tile address such as https://tile.openstreetmap.org/{z}/{x}/{y}.png',
        )
        .default(DEFAULT_MAP_TILE_URL),
    ),
    /** Developer routes (/dev/sms-outbox, /dev/clock, /dev/orders): `npm run dev` and the tests turn them on. */
    DEV_ROUTES: z.enum(['true', 'false']).default('false'),
    /** Load the demo catalog on first start (default yes). */
    SEED_DEMO: z.enum(['true', 'false']).default('true'),
    /**
     * PostgreSQL: `true` (default) applies the migrations at start, under an advisory lock; `false` waits up to
     * MIGRATE_WAIT_SECONDS for `npm run db:migrate` to bring the database to this version's schema, then refuses.
     */
    MIGRATE_ON_START: z.enum(['true', 'false'], 'MIGRATE_ON_START must be true or false').default('true'),
    MIGRATE_WAIT_SECONDS: z.coerce
      .number('MIGRATE_WAIT_SECONDS must be a number of seconds')
      .int('MIGRATE_WAIT_SECONDS must be a whole number of seconds')
      .min(0, 'MIGRATE_WAIT_SECONDS must be 0 or more')
      .max(3600, 'MIGRATE_WAIT_SECONDS must be at most 3600')
      .default(60),
    /**
     * The back office's first owner: created at start-up, or made an active owner with this password (both or
     * neither). Required in production while no owner exists; elsewhere a demo owner is seeded without them.
     */
    OWNER_EMAIL: z.preprocess(
      (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
      z
        .string()
        .trim()
        .toLowerCase()
        .max(200, 'OWNER_EMAIL must be at most 200 characters')
        .pipe(z.email('OWNER_EMAIL must be an email address, e.g. owner@store.example'))
        .optional(),
    ),
    OWNER_PASSWORD: z.preprocess((v) => (v === '' ? undefined : v), z.string().optional()),
    /** Seconds public catalog answers are cached in each instance's memory (0 = off). */
    CATALOG_CACHE_SECONDS: z.coerce.number().min(0).max(3600).default(10),
    /** Seconds past that an answer may still be served while one request refreshes it in the background. */
    CATALOG_CACHE_STALE_SECONDS: z.coerce.number().min(0).max(3600).default(30),
    /**
     * Where lists and searches asked for the first time are answered: 'memory' (the catalog index in each
     * instance, decision 022) or 'database' (every list from the database).
     */
    SEARCH_INDEX: z.enum(['memory', 'database']).default('memory'),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    /**
     * The seller printed on every invoice (issue 47) and in the storefront's footer: its legal name, its address,
     * its tax registration number (STORE_TAX_ID; unset: ETA_RIN). Unset: the demo's (refused in production). The
     * Arabic invoice prints
     * STORE_LEGAL_NAME_AR and STORE_ADDRESS_AR (each unset: the English one).
     */
    STORE_LEGAL_NAME: z.string().trim().min(2, 'STORE_LEGAL_NAME must name the company').max(200).optional(),
    STORE_LEGAL_NAME_AR: z
      .string()
      .trim()
      .min(2, 'STORE_LEGAL_NAME_AR must name the company in Arabic')
      .max(200)
      .optional(),
    STORE_ADDRESS: z
      .string()
      .trim()
      .min(5, 'STORE_ADDRESS must be the registered address')
      .max(300)
      .optional(),
    STORE_ADDRESS_AR: z
      .string()
      .trim()
      .min(5, 'STORE_ADDRESS_AR must be the registered address in Arabic')
      .max(300)
      .optional(),
    STORE_TAX_ID: z
      .string()
      .trim()
      .regex(
        /^\d{3}-?\d{3}-?\d{3}$/,
        'STORE_TAX_ID must be the 9-digit tax registration number, e.g. 674-859-545',
      )
      .optional(),
    /**
     * Whether the delivery fee carries VAT (issue 47): true, at the standard 14% inside the fee; false (default),
     * none. Products carry their own rate (the back office's tax class).
     */
    DELIVERY_FEE_TAXED: z
      .enum(['true', 'false'], 'DELIVERY_FEE_TAXED must be true or false')
      .default('false'),
    /** Egypt's e-receipts (ETA_RECEIPTS and the POS's ETA_* settings, adapters/eta/settings.ts). */
    ...etaSettingsShape,
    /** SMS: the gateway (SMS_PROVIDER), a fallback, receipts, and each gateway's account (adapters/sms/settings.ts). */
    ...smsSettingsShape,
    /** WhatsApp for the order steps: WHATSAPP_PROVIDER=cloud and its account (adapters/whatsapp/settings.ts). */
    ...whatsappSettingsShape,
    /**
     * Email to shoppers and staff: `outbox` (the demo: recorded, readable at GET /dev/email-outbox, nobody receives
     * it; refused in production), `smtp` (SMTP_URL, EMAIL_FROM) or `none`. Unset: `outbox`, or `none` in production.
     */
    EMAIL_PROVIDER: z
      .enum(['outbox', 'smtp', 'none'], 'EMAIL_PROVIDER must be outbox, smtp or none')
      .optional(),
    SMTP_URL: z
      .string()
      .regex(/^smtps?:\/\/[^\s]+$/, 'SMTP_URL must be smtp://user:password@host:587 or smtps://…:465')
      .optional(),
    EMAIL_FROM: z
      .string()
      .regex(
        /^(.+<[^\s@<>]+@[^\s@<>]+>|[^\s@<>]+@[^\s@<>]+)$/,
        'EMAIL_FROM must be an address, e.g. "Store <orders@store.example>"',
      )
      .optional(),
    /** Payments: 'sandbox' (hosted checkout served by this API, offline default) or 'paymob'. */
    PAYMENT_PROVIDER: z.enum(['sandbox', 'paymob']).default('sandbox'),
    /** HMAC secret the sandbox gateway signs its callbacks with (not a real secret: it is a sandbox). */
    PAYMENT_SANDBOX_SECRET: z
      .string()
      .min(8, 'PAYMENT_SANDBOX_SECRET must be at least 8 characters')
      .default('sandbox-hmac-secret'),
    PAYMOB_API_URL: z
      .string()
      .url('PAYMOB_API_URL must be an http(s) address')
      .default('https://accept.paymob.com'),
    PAYMOB_SECRET_KEY: z.string().min(1).optional(),
    PAYMOB_PUBLIC_KEY: z.string().min(1).optional(),
    PAYMOB_HMAC_SECRET: z.string().min(1).optional(),
    /** Comma-separated integration ids (one per card/wallet method), e.g. "4097558,4097559". */
    PAYMOB_INTEGRATION_IDS: z
      .string()
      .regex(/^\d+(,\d+)*$/, 'PAYMOB_INTEGRATION_IDS must be comma-separated numbers')
      .transform((s) => s.split(',').map(Number))
      .optional(),
    /**
     * Sessions that expired without a callback (payments/inquiry.ts): the gateway is first asked this many seconds
     * after the key expired, then every 10 minutes for PAYMENT_INQUIRY_HOURS.
     */
    PAYMENT_INQUIRY_AFTER_SECONDS: z.coerce
      .number({ message: 'PAYMENT_INQUIRY_AFTER_SECONDS must be a whole number of seconds from 0 to 3600' })
      .int('PAYMENT_INQUIRY_AFTER_SECONDS must be a whole number of seconds from 0 to 3600')
      .min(0, 'PAYMENT_INQUIRY_AFTER_SECONDS must be a whole number of seconds from 0 to 3600')
      .max(3600, 'PAYMENT_INQUIRY_AFTER_SECONDS must be a whole number of seconds from 0 to 3600')
      .default(120),
    PAYMENT_INQUIRY_HOURS: z.coerce
      .number({ message: 'PAYMENT_INQUIRY_HOURS must be a whole number of hours from 1 to 720' })
      .int('PAYMENT_INQUIRY_HOURS must be a whole number of hours from 1 to 720')
      .min(1, 'PAYMENT_INQUIRY_HOURS must be a whole number of hours from 1 to 720')
      .max(720, 'PAYMENT_INQUIRY_HOURS must be a whole number of hours from 1 to 720')
      .default(48),
    /** Delivery: COURIER (manual or bosta) and the courier's account (adapters/couriers/settings.ts). */
    ...courierSettingsShape,
    /** Reverse geocoding for GET /v1/geocode/reverse (Nominatim API). */
    GEOCODER_URL: z
      .string()
      .url('GEOCODER_URL must be an http(s) address')
      .default('https://nominatim.openstreetmap.org'),
    /** Nominatim asks every client to identify itself. */
    GEOCODER_USER_AGENT: z.string().min(3).default('souq-store/0.1'),
    /** Most calls a second to the geocoder, over every instance (Nominatim's usage policy: at most 1). */
    GEOCODER_RATE_PER_SECOND: z.coerce
      .number({ error: 'GEOCODER_RATE_PER_SECOND must be a number, e.g. 1' })
      .positive('GEOCODER_RATE_PER_SECOND must be more than 0, e.g. 1 (Nominatim allows at most 1)')
      .max(100, 'GEOCODER_RATE_PER_SECOND must be at most 100')
      .default(1),
  })
  // Each gateway's settings, a fallback that differs, and no demo outbox in production.
  .superRefine(checkSmsSettings)
  // WHATSAPP_PROVIDER=cloud's token and number id, and a template list it can read.
  .superRefine(checkWhatsAppSettings)
  // The chosen courier's account (COURIER=bosta: its API key and webhook secret).
  .superRefine(checkCourierSettings)
  .superRefine((c, ctx) => {
    const refuse = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
    if (c.EMAIL_PROVIDER === 'smtp') {
      if (!c.SMTP_URL)
        refuse(
          'SMTP_URL',
          'SMTP_URL is required with EMAIL_PROVIDER=smtp, e.g. smtp://user:password@host:587',
        );
      if (!c.EMAIL_FROM)
        refuse(
          'EMAIL_FROM',
          'EMAIL_FROM is required with EMAIL_PROVIDER=smtp, e.g. "Store <orders@store.example>"',
        );
    }
    if (c.NODE_ENV === 'production' && c.EMAIL_PROVIDER === 'outbox')
      refuse(
        'EMAIL_PROVIDER',
        'EMAIL_PROVIDER=outbox keeps every email on this machine; in production set EMAIL_PROVIDER=smtp with SMTP_URL and EMAIL_FROM, or none',
      );
  })
  .superRefine((c, ctx) => {
    // A real store must not run on the demo's stand-ins (issue 12): say which variable to set.
    if (c.NODE_ENV !== 'production') return;
    const refuse = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
    if (!c.PUBLIC_URL)
      refuse(
        'PUBLIC_URL',
        "PUBLIC_URL is required in production: the store's public address, e.g. https://store.example",
      );
    if (!c.DATABASE_URL && c.ALLOW_EMBEDDED_DATABASE !== 'true')
      refuse('DATABASE_URL', EMBEDDED_IN_PRODUCTION);
    if (c.PAYMENT_PROVIDER === 'sandbox')
      refuse(
        'PAYMENT_PROVIDER',
        'PAYMENT_PROVIDER=sandbox lets anyone "pay" with a test button; in production set PAYMENT_PROVIDER=paymob and the PAYMOB_* keys',
      );
    if (c.DEV_ROUTES === 'true')
      refuse(
        'DEV_ROUTES',
        'DEV_ROUTES=true is refused in production (it would open /dev/sms-outbox and /dev/clock)',
      );
    // Every order's invoice, credit note and e-receipt names the seller; unset, it would be the demo store.
    if (!c.STORE_LEGAL_NAME)
      refuse(
        'STORE_LEGAL_NAME',
        "STORE_LEGAL_NAME is required in production: the company's legal name, printed on every invoice (unset, invoices would name the demo store)",
      );
    if (!c.STORE_ADDRESS)
      refuse(
        'STORE_ADDRESS',
        "STORE_ADDRESS is required in production: the company's registered address, printed on every invoice",
      );
    if (!c.STORE_TAX_ID && !c.ETA_RIN)
      refuse(
        'STORE_TAX_ID',
        'STORE_TAX_ID is required in production: the 9-digit tax registration number printed on every invoice, e.g. 674-859-545 (or ETA_RIN, with e-receipts)',
      );
  })
  .superRefine((c, ctx) => {
    // Node refuses to start a server whose headers may take longer than the whole request.
    if (c.HTTP_HEADERS_TIMEOUT_MS > c.HTTP_REQUEST_TIMEOUT_MS)
      ctx.addIssue({
        code: 'custom',
        path: ['HTTP_HEADERS_TIMEOUT_MS'],
        message: `HTTP_HEADERS_TIMEOUT_MS (${c.HTTP_HEADERS_TIMEOUT_MS}) must not be longer than HTTP_REQUEST_TIMEOUT_MS (${c.HTTP_REQUEST_TIMEOUT_MS}), which covers the headers too`,
      });
  })
  .superRefine((c, ctx) => {
    // The owner's password follows the staff's rules (contracts' staff.ts), said as a sentence naming the variable.
    const refuse = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
    if (c.OWNER_EMAIL && c.OWNER_PASSWORD === undefined)
      refuse('OWNER_PASSWORD', 'OWNER_PASSWORD is required with OWNER_EMAIL (the owner signs in with it)');
    if (c.OWNER_PASSWORD !== undefined && !c.OWNER_EMAIL)
      refuse('OWNER_EMAIL', 'OWNER_EMAIL is required with OWNER_PASSWORD (the owner signs in with it)');
    const pw = c.OWNER_PASSWORD;
    if (pw === undefined) return;
    if (pw.length < PASSWORD_MIN || pw.length > PASSWORD_MAX || pw.trim() === '')
      refuse(
        'OWNER_PASSWORD',
        `OWNER_PASSWORD must be ${PASSWORD_MIN} to ${PASSWORD_MAX} characters, not only spaces`,
      );
    else if (isCommonPassword(pw))
      refuse(
        'OWNER_PASSWORD',
        'OWNER_PASSWORD is a common password that is easy to guess; choose another one',
      );
    else if (c.OWNER_EMAIL && passwordIsEmail(pw, c.OWNER_EMAIL))
      refuse('OWNER_PASSWORD', 'OWNER_PASSWORD must not be the email address');
  })
  .superRefine((c, ctx) => {
    if (c.PAYMENT_PROVIDER !== 'paymob') return;
    for (const key of [
      'PAYMOB_SECRET_KEY',
      'PAYMOB_PUBLIC_KEY',
      'PAYMOB_HMAC_SECRET',
      'PAYMOB_INTEGRATION_IDS',
    ] as const) {
      if (!c[key])
        ctx.addIssue({
          code: 'custom',
          path: [key],
          message: `${key} is required when PAYMENT_PROVIDER=paymob`,
        });
    }
  })
  // ETA_RECEIPTS=on: the POS's ETA_* settings, each one missing named.
  .superRefine(checkEtaSettings)
  // One seller everywhere: an Arabic name or address beside the demo's English one, or invoices whose tax number
  // is not the e-receipts', would name two sellers.
  .superRefine((c, ctx) => {
    const refuse = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
    if (c.STORE_LEGAL_NAME_AR && !c.STORE_LEGAL_NAME)
      refuse(
        'STORE_LEGAL_NAME',
        "STORE_LEGAL_NAME is required with STORE_LEGAL_NAME_AR: the company's legal name in English, for the English invoice",
      );
    if (c.STORE_ADDRESS_AR && !c.STORE_ADDRESS)
      refuse(
        'STORE_ADDRESS',
        'STORE_ADDRESS is required with STORE_ADDRESS_AR: the registered address in English, for the English invoice',
      );
    const digits = (id: string) => id.replace(/-/g, '');
    if (c.STORE_TAX_ID && c.ETA_RIN && digits(c.STORE_TAX_ID) !== c.ETA_RIN)
      refuse(
        'STORE_TAX_ID',
        `STORE_TAX_ID (${c.STORE_TAX_ID}) must be the same number as ETA_RIN (${c.ETA_RIN}), the one the e-receipts carry; or unset it, and the invoices print ETA_RIN`,
      );
  })
  // IMAGE_STORE=s3: the bucket's settings, those missing named in one sentence.
  .superRefine(checkImageStoreSettings)
  // Replicas are of a PostgreSQL primary: the embedded database has none.
  .superRefine((c, ctx) => {
    if (c.DATABASE_READ_URL && !c.DATABASE_URL)
      ctx.addIssue({
        code: 'custom',
        path: ['DATABASE_READ_URL'],
        message:
          'DATABASE_READ_URL names replicas of DATABASE_URL: set DATABASE_URL to their primary, or unset it',
      });
  });

export type Config = z.infer<typeof schema>;

/** Why production refuses the embedded database unless told otherwise (issue 45). */
export const EMBEDDED_IN_PRODUCTION =
  'DATABASE_URL is required in production: without it every order, shopper and picture would live in one folder on this machine (DATA_DIR). Set DATABASE_URL to a PostgreSQL database, or ALLOW_EMBEDDED_DATABASE=true for a one-machine shop that accepts this (then schedule npm run backup)';

/**
 * What the start-up log says of the database when production runs on the embedded one (ALLOW_EMBEDDED_DATABASE),
 * or nothing.
 */
export function embeddedDatabaseNotice(config: Config, dataDir: string): string {
  if (config.NODE_ENV !== 'production' || config.DATABASE_URL) return '';
  return `This store runs on the embedded database (ALLOW_EMBEDDED_DATABASE=true): its orders, shoppers and pictures are only in ${dataDir} on this machine. Schedule npm run backup (every night, copies kept on another machine; README, Backups).`;
}

/** The store's public address: PUBLIC_URL, else http://localhost:PORT (its links, and the back office's origin). */
export const publicUrlOf = (c: Config) => c.PUBLIC_URL ?? `http://localhost:${c.PORT}`;

/**
 * The start-up line: the address to open, the public one (the back office refuses a change sent from a page at any
 * other origin, e.g. http://127.0.0.1:PORT when it is http://localhost:PORT), and where the server listens.
 */
export function runningLine(c: Config, database: string): string {
  const host = c.HOST.includes(':') ? `[${c.HOST}]` : c.HOST;
  return `The store is running at ${publicUrlOf(c)} (listening on ${host}:${c.PORT}; database: ${database})`;
}

/** The email provider a configuration means: EMAIL_PROVIDER, else the outbox (demo) or none (production). */
export const emailProvider = (c: Config) =>
  c.EMAIL_PROVIDER ?? (c.NODE_ENV === 'production' ? 'none' : 'outbox');

/** Reads the environment once; a wrong value stops start-up with a sentence naming the variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = schema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`The store cannot start: the configuration is wrong.\n${lines.join('\n')}`);
  }
  return parsed.data;
}

/** Why a folder could not be made or written, in words (the code stays for a search). */
const FOLDER_FAILURES: Record<string, string> = {
  EROFS: 'the file system is read-only',
  EACCES: 'permission denied',
  EPERM: 'permission denied',
  ENOTDIR: 'a file stands where a folder should be',
  EEXIST: 'a file stands where a folder should be',
  ENOSPC: 'the disk is full',
  EDQUOT: 'the disk quota is used up',
  ENOENT: 'a folder on the way is missing',
};

/**
 * DATA_DIR at start-up (issue 42 finding 14): the folder, its uploads/ and, for the embedded database, its pglite/
 * are created when missing and must take a file; otherwise the start stops with a sentence naming DATA_DIR and the
 * folder, before anything opens them.
 */
export function checkDataDir(dataDir: string, opts: { embeddedDatabase: boolean; uploads?: boolean }) {
  // IMAGE_STORE=s3 (uploads: false) on PostgreSQL: nothing is kept on this machine, so nothing to check.
  const folders = opts.uploads === false ? [] : [dataDir, path.join(dataDir, 'uploads')];
  if (opts.embeddedDatabase) folders.push(...(folders.length ? [] : [dataDir]), path.join(dataDir, 'pglite'));
  for (const folder of folders) {
    try {
      mkdirSync(folder, { recursive: true });
      const probe = path.join(folder, `.write-check-${process.pid}`);
      writeFileSync(probe, '');
      rmSync(probe);
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code ?? 'unknown';
      const why = FOLDER_FAILURES[code] ?? 'it cannot be written';
      throw new Error(
        `The store cannot start: the configuration is wrong.\n  DATA_DIR: the store cannot create or write the folder ${folder} (${why}, ${code}); set DATA_DIR to a folder this server may write, or make that one writable`,
        { cause: err },
      );
    }
  }
}
