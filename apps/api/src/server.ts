// First: OpenTelemetry patches the HTTP server and pg before anything loads them (tracing.ts).
import { tracing } from './tracing-start.ts';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createSmsGateways } from './adapters/sms/index.ts';
import { NominatimGeocoder } from './adapters/geocoder.ts';
import { createImageStore } from './adapters/image-store-settings.ts';
import { createPaymentProvider } from './adapters/payments/index.ts';
import { createCourier } from './adapters/couriers/index.ts';
import { etaReceiptSetup } from './modules/einvoicing/index.ts';
import { deliveryVatBpOf, invoiceSeller } from './modules/invoices/index.ts';
import { buildApp } from './app.ts';
import { DEFAULT_AUTH_LIMITS, withAddressFactor } from './modules/auth/limits.ts';
import { SmtpEmailSender } from './adapters/email/index.ts';
import {
  checkDataDir,
  emailProvider,
  embeddedDatabaseNotice,
  loadConfig,
  publicUrlOf,
  runningLine,
} from './config.ts';
import { createWhatsAppSender } from './adapters/whatsapp/index.ts';
import { sql } from 'drizzle-orm';
import { openDatabase, type Db } from './db/client.ts';
import { pictureSizes } from './image-sizes.ts';
import { seedDemo } from './db/seed/index.ts';
import { startJobs } from './jobs.ts';
import { enableCatalogIndex, warmCatalogIndex } from './modules/catalog/index.ts';
import { importPaceOf, inTransactionWaitAtMost } from './modules/catalog-admin/imports-pace.ts';
import { bootstrapOwner } from './modules/staff/bootstrap.ts';
import { AdjustableClock, systemClock } from './lib/clock.ts';

const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));

async function main() {
  const config = loadConfig();
  const dataDir = path.resolve(repoRoot, config.DATA_DIR);
  const uploadsDir = path.join(dataDir, 'uploads');
  checkDataDir(dataDir, { embeddedDatabase: !config.DATABASE_URL, uploads: config.IMAGE_STORE === 'disk' });
  // Every picture goes through this store: DATA_DIR/uploads, or with IMAGE_STORE=s3 the bucket (decision 031).
  const images = await createImageStore(config, uploadsDir);
  const database = await openDatabase({
    databaseUrl: config.DATABASE_URL,
    readUrls: config.DATABASE_READ_URL,
    dataDir: path.join(dataDir, 'pglite'),
    poolSize: config.DATABASE_POOL_SIZE,
    migrate: config.MIGRATE_ON_START === 'true' ? true : { waitMs: config.MIGRATE_WAIT_SECONDS * 1000 },
    timeouts: {
      connectMs: config.DATABASE_CONNECT_TIMEOUT_MS,
      statementMs: config.DATABASE_STATEMENT_TIMEOUT_MS,
      idleInTransactionMs: config.DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS,
    },
  });
  // IMPORT_PACE, or its default for this database (lower on the embedded one: imports-pace.ts).
  const importPace = importPaceOf(config.IMPORT_PACE, database.kind === 'pglite');
  if (config.SEED_DEMO === 'true') {
    const { seeded } = await seedDemo(database.db, { uploadsDir, images, now: systemClock.now() });
    if (seeded) console.log('Loaded the demo catalog.');
  }
  await database.maintain();
  // The back office's owner (OWNER_EMAIL / OWNER_PASSWORD, or the demo owner): here, after the migrations, because
  // this process holds the embedded database. Production without any owner stops here, naming the variables.
  const ownerLines = await bootstrapOwner(database.db, {
    env: config.NODE_ENV,
    ownerEmail: config.OWNER_EMAIL,
    ownerPassword: config.OWNER_PASSWORD,
    now: systemClock.now(),
  }).catch(async (err: unknown) => {
    await database.close(); // the embedded database is closed cleanly before the process stops
    throw err;
  });
  const app = await buildApp({
    database,
    env: config.NODE_ENV,
    devRoutes: config.DEV_ROUTES === 'true',
    trustProxy: config.TRUST_PROXY,
    authLimits: {
      ...withAddressFactor(DEFAULT_AUTH_LIMITS, config.ADDRESS_LIMIT_FACTOR),
      smsStoreWide: { max: config.SMS_HOURLY_LIMIT, windowSeconds: 3600 },
    },
    // Outside production the clock can be moved forward at POST /dev/clock (browser tests: an expired payment key).
    clock: config.NODE_ENV === 'production' ? systemClock : new AdjustableClock(),
    images,
    webDistDir: path.join(repoRoot, 'apps/web/dist'),
    logger: { level: config.LOG_LEVEL },
    metricsToken: config.METRICS_TOKEN,
    pgBinDir: config.PG_BIN_DIR,
    probesOnly: config.JOBS === 'only',
    catalogCacheMs: config.CATALOG_CACHE_SECONDS * 1000,
    catalogStaleMs: config.CATALOG_CACHE_STALE_SECONDS * 1000,
    payments: createPaymentProvider(config),
    courier: createCourier(config),
    // VAT, invoices and e-receipts (issue 47): the seller, DELIVERY_FEE_TAXED, ETA_RECEIPTS and its POS.
    invoicing: {
      seller: invoiceSeller(config),
      deliveryVatBp: deliveryVatBpOf(config.DELIVERY_FEE_TAXED),
      eta: etaReceiptSetup(config),
    },
    geocoder: new NominatimGeocoder({ url: config.GEOCODER_URL, userAgent: config.GEOCODER_USER_AGENT }),
    geocoding: { ratePerSecond: config.GEOCODER_RATE_PER_SECOND },
    abandonedCartHours: config.ABANDONED_CART_HOURS,
    importPace,
    importWaitInTransactionMs: inTransactionWaitAtMost(config.DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS),
    publicUrl: publicUrlOf(config),
    corsOrigins: config.CORS_ORIGINS,
    mapTileUrl: config.VITE_MAP_TILE_URL,
    httpTimeouts: {
      requestMs: config.HTTP_REQUEST_TIMEOUT_MS,
      headersMs: config.HTTP_HEADERS_TIMEOUT_MS,
      keepAliveMs: config.HTTP_KEEP_ALIVE_TIMEOUT_MS,
      connectionMs: config.HTTP_CONNECTION_TIMEOUT_MS,
    },
    // SMS_PROVIDER's gateway, and SMS_FALLBACK_PROVIDER's when set; the outbox writes to the database (demo).
    // The demo's outbox also prints each SMS as a block of its own (README: search the output for DEMO SMS).
    smsGateways: (log) =>
      createSmsGateways(config, { db: database.db, log, print: (block) => process.stdout.write(block) }),
    smsReceiptSecret: config.SMS_RECEIPT_SECRET,
    // EMAIL_PROVIDER: the demo's outbox (the default outside production), SMTP, or none.
    email:
      emailProvider(config) === 'smtp'
        ? new SmtpEmailSender({ url: config.SMTP_URL!, from: config.EMAIL_FROM! })
        : emailProvider(config) === 'none'
          ? null
          : undefined,
    // WHATSAPP_PROVIDER=cloud: the order steps the owner sends by WhatsApp (issue 44 item 5); none by default.
    whatsapp: createWhatsAppSender(config),
  });
  // An import the jobs loop runs clears this instance's cached answers as each batch lands, as the upload's run does.
  // JOBS=off: this instance serves requests only (another runs the jobs: `npm run worker`, or JOBS=on elsewhere).
  // JOBS=only (`npm run worker`): it runs the jobs and answers only /health, /ready and /metrics.
  const stopJobs =
    config.JOBS === 'off'
      ? () => {}
      : startJobs(app, database, {
          onCatalogWritten: () => app.responseCache.clear(),
          uploads: images,
          paymentInquiry: {
            afterSeconds: config.PAYMENT_INQUIRY_AFTER_SECONDS,
            forHours: config.PAYMENT_INQUIRY_HOURS,
          },
          abandonedCartHours: config.ABANDONED_CART_HOURS,
          importPace,
          importWaitInTransactionMs: inTransactionWaitAtMost(config.DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS),
          // A worker (JOBS=only) serves no shopper: its imports always give way to the web instances'.
          shoppersBusy: config.JOBS === 'only' ? undefined : () => app.shoppers.busy(),
          oneConnection: database.kind === 'pglite',
        });
  let closing = false;
  // SIGTERM (a rollout, `docker stop`): /ready turns 503 first, the jobs stop taking work, the server stops accepting
  // and the requests in flight get SHUTDOWN_GRACE_MS to finish; past it the process exits even if one hangs.
  const close = async (signal: string) => {
    if (closing) return; // Ctrl+C reaches npm and the server: one close is enough
    closing = true;
    app.readiness.draining = true;
    app.log.info({ signal, graceMs: config.SHUTDOWN_GRACE_MS }, 'shutting down: /ready answers 503');
    stopJobs();
    pictureSizes(images).stop();
    const force = setTimeout(() => {
      app.log.warn(
        { graceMs: config.SHUTDOWN_GRACE_MS },
        'requests still running after the grace period: exiting',
      );
      process.exit(1);
    }, config.SHUTDOWN_GRACE_MS);
    force.unref();
    await app.close();
    await database.close();
    await tracing?.shutdown().catch(() => undefined);
    clearTimeout(force);
    process.exit(0);
  };
  process.on('SIGINT', () => void close('SIGINT'));
  process.on('SIGTERM', () => void close('SIGTERM'));
  enableCatalogIndex(config.SEARCH_INDEX === 'memory' && config.JOBS !== 'only');
  await app.listen({ port: config.PORT, host: config.HOST });
  // The catalog index (decision 022) is built now rather than on the first shopper's list.
  // With DATABASE_READ_URL, read from a replica as new as the primary (decision 031), as later builds are.
  const warm = () => warmCatalogIndex(database.db);
  void (database.replicas ? database.replicas.run(warm) : warm()).catch(() => undefined);
  // Each product card's picture in the widths cards ask for, made now in the background rather than on its first
  // visitor's request (1-4 s each, issue 43 item 12): the store serves meanwhile, a card asked for before its turn
  // is made for its request as before. Once made they stay in the store: a later start only checks they are there.
  // Not under the browser tests (NODE_ENV=test), whose two cores are for the tests.
  if (config.JOBS !== 'only' && config.NODE_ENV !== 'test') {
    void cardPictures(database.db)
      .then((urls) => pictureSizes(images).prepare(urls))
      .then((made) => {
        if (made) console.log(`Made ${made} sizes of the product cards' pictures.`);
      })
      .catch(() => undefined);
  }
  const demo = demoNotice(config);
  if (demo) console.log(demo);
  for (const line of ownerLines) console.log(line);
  const embedded = embeddedDatabaseNotice(config, dataDir);
  if (embedded) console.log(embedded);
  console.log(runningLine(config, database.kind === 'pglite' ? `embedded, ${dataDir}` : 'PostgreSQL'));
}

/** Each product's first picture as its card shows it (its thumbnail), newest products first. */
async function cardPictures(db: Db): Promise<string[]> {
  const res = await db.execute(
    sql`select i.thumbnail_url as url from product_images i where i.position = 0 and not i.is_3d
        order by i.product_id desc`,
  );
  return (res as unknown as { rows: { url: string }[] }).rows.map((r) => r.url);
}

/** What a store started without production settings is, said plainly (production refuses to start like this). */
function demoNotice(config: ReturnType<typeof loadConfig>) {
  const parts: string[] = [];
  if (config.PAYMENT_PROVIDER === 'sandbox')
    parts.push('  - payments go to a sandbox page where anyone can approve them: no money moves');
  if (config.SMS_PROVIDER === 'outbox')
    parts.push('  - SMS codes are not sent to phones: they are written to this log (read them there)');
  if (config.SMS_FALLBACK_PROVIDER === 'outbox')
    parts.push('  - an SMS the gateway refuses goes to this log instead (SMS_FALLBACK_PROVIDER=outbox)');
  if (config.DEV_ROUTES === 'true')
    parts.push(
      '  - developer routes are on (/dev/sms-outbox, /dev/clock), for requests from this machine only',
    );
  if (!parts.length) return '';
  return [
    'This is a DEMO store:',
    ...parts,
    'For a real store set NODE_ENV=production, PUBLIC_URL, PAYMENT_PROVIDER=paymob with the PAYMOB_* keys,',
    'SMS_PROVIDER (your SMS gateway) with its settings, and TRUST_PROXY behind a proxy (README, Configuration).',
  ].join('\n');
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
