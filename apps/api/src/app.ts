import cors from '@fastify/cors';
import compress from '@fastify/compress';
import etag from '@fastify/etag';
import formbody from '@fastify/formbody';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import {
  jsonSchemaTransform,
  validatorCompiler,
  type FastifyPluginAsyncZod,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import type { Database } from './db/client.ts';
import type { AppContext } from './context.ts';
import { AppError, frameworkErrors, installErrorHandling, registerFormParsing } from './lib/errors.ts';
import { loggerOptions, type LogOptions } from './lib/logging.ts';
import { installResponseCache } from './lib/response-cache.ts';
import { installCacheHeaders } from './lib/cache-headers.ts';
import { registerProbes, type Readiness } from './lib/readiness.ts';
import { fromThisMachine, pathOf, PROBE_PATHS } from './lib/probes.ts';
import { installMetrics } from './lib/metrics.ts';
import { catalogIndexInfo, catalogIndexReady } from './modules/catalog/index.ts';
import { responseSerializer } from './lib/response-serializer.ts';
import { systemClock, type Clock } from './lib/clock.ts';
import { catalogRoutes } from './modules/catalog/routes.ts';
import { OutboxGateway, type SmsGateway, type SmsSender } from './adapters/sms/index.ts';
import { OutboxEmailSender, type EmailSender } from './adapters/email/index.ts';
import { RecordedEmailSender } from './modules/messages/email.ts';
import type { WhatsAppSender } from './adapters/whatsapp/index.ts';
import { installAuth } from './lib/auth.ts';
import { DEFAULT_AUTH_LIMITS, type AuthLimits } from './modules/auth/limits.ts';
import { authRoutes } from './modules/auth/routes.ts';
import { devSmsRoutes } from './modules/auth/dev-routes.ts';
import { cartRoutes } from './modules/cart/routes.ts';
import { wishlistRoutes } from './modules/wishlist/routes.ts';
import { adminAlertRoutes, alertRoutes } from './modules/alerts/index.ts';
import { adminDiscountCodeRoutes } from './modules/discounts/routes.ts';
import { adminReportRoutes } from './modules/reports/index.ts';
import { contentRoutes } from './modules/content/routes.ts';
import { storeSellerRoutes } from './modules/invoices/routes.ts';
import { NominatimGeocoder, type Geocoder } from './adapters/geocoder.ts';
import type { PaymentProvider } from './adapters/payments/provider.ts';
import { SandboxPaymentProvider } from './adapters/payments/sandbox.ts';
import { DEFAULT_GEOCODING, type GeocodingOptions } from './modules/addresses/geocoding.ts';
import { addressRoutes } from './modules/addresses/routes.ts';
import { checkoutRoutes } from './modules/checkout/routes.ts';
import { devOrderRoutes, orderRoutes } from './modules/orders/routes.ts';
import { paymentRoutes } from './modules/payments/routes.ts';
import { installStaffAuth } from './modules/staff/access.ts';
import type { StaffLimits } from './modules/staff/limits.ts';
import { staffRoutes } from './modules/staff/routes.ts';
import { adminOrderRoutes } from './modules/orders/admin-routes.ts';
import { adminOutboxRoutes } from './modules/orders/outbox-routes.ts';
import { adminCustomerRoutes } from './modules/customers/routes.ts';
import {
  adminMessageRoutes,
  devMessageRoutes,
  RecordedSmsSender,
  smsReceiptRoutes,
} from './modules/messages/index.ts';
import { adminStockRoutes } from './modules/stock/admin-routes.ts';
import { adminContentRoutes } from './modules/content/admin-routes.ts';
import { adminTaxonomyRoutes } from './modules/catalog-admin/taxonomy-routes.ts';
import { adminSynonymRoutes } from './modules/catalog-admin/synonyms-routes.ts';
import { adminImageRoutes } from './modules/catalog-admin/images-routes.ts';
import { adminReturnRoutes, returnRoutes } from './modules/returns/index.ts';
import { keepUploadedFile } from './lib/uploaded-files.ts';
import { adminProductRoutes } from './modules/catalog-admin/products-routes.ts';
import { adminImportRoutes } from './modules/catalog-admin/imports-routes.ts';
import { trackShoppers } from './lib/shoppers-activity.ts';
import { adminBackupRoutes } from './modules/backup/index.ts';
import type { ImportLimits } from './modules/catalog-admin/imports-file.ts';
import { registerWeb, webScriptHashes } from './web.ts';
import { InProcessReads } from './lib/in-process-reads.ts';
import { registerSeo } from './seo.ts';
import { registerShareImages } from './share-images.ts';
import { registerImageSizes } from './image-sizes.ts';
import { DiskImageStore, type ImageStore } from './adapters/image-store.ts';
import { registerStoreUploads } from './lib/store-uploads.ts';
import { installReplicaReads } from './lib/replica-reads.ts';
import {
  corsOrigin,
  fileHeaders,
  headersHook,
  securityHeaders,
  UPLOADS_HEADERS,
} from './lib/security-headers.ts';
import { clientErrorHandler } from './lib/client-errors.ts';
import { DEFAULT_HTTP_TIMEOUTS, HTTP_TIMEOUT_CHECK_INTERVAL_MS, type HttpTimeouts } from './lib/timeouts.ts';
import { ManualCourier, type Courier } from './adapters/couriers/index.ts';
import {
  adminSettlementRoutes,
  adminShipmentRoutes,
  courierWebhookRoutes,
} from './modules/shipments/index.ts';
import { DEFAULT_INVOICING, type InvoicingSettings } from './modules/invoices/index.ts';

export interface AppOptions {
  database: Database;
  clock?: Clock;
  env?: 'development' | 'production' | 'test';
  /**
   * Developer routes (/dev/sms-outbox, /dev/clock, /dev/orders/:id/status): only when asked for (`npm run dev`,
   * the tests, DEV_ROUTES=true; never in production), and then only to requests from this machine.
   */
  devRoutes?: boolean;
  /**
   * Which proxies may tell the client's address (X-Forwarded-For): a hop count or their addresses (TRUST_PROXY).
   * Default none: the address is the socket's, so no client can choose the address its limits count against.
   */
  trustProxy?: number | string;
  /** Folder served at /uploads (generated product images, later uploads): the disk image store's. */
  uploadsDir?: string;
  /**
   * Where every uploaded picture and the pictures made from them are kept (IMAGE_STORE): default the disk store on
   * uploadsDir. Another store (a bucket) is served at /uploads from itself, or redirected to its public address.
   */
  images?: ImageStore;
  /** Built storefront (apps/web/dist); served with SPA fallback when present. */
  webDistDir?: string;
  /** Log level (and, in tests, a stream to read the lines); redaction and safe serializers always (logging.ts). */
  logger?: boolean | LogOptions;
  /** How long public catalog answers are cached in memory (ms); 0 turns the cache off (tests). */
  catalogCacheMs?: number;
  /** How long past catalogCacheMs an answer may still be served while it is refreshed (default 3 × catalogCacheMs). */
  catalogStaleMs?: number;
  /**
   * The SMS gateways (server.ts picks them from SMS_PROVIDER and SMS_FALLBACK_PROVIDER); default: the outbox (the
   * server log and the sms_outbox table, read at GET /dev/sms-outbox). Every send through them is recorded in
   * sms_messages, and the fallback is tried when the first refuses or does not answer in time.
   */
  smsGateways?:
    | { primary: SmsGateway; fallback?: SmsGateway }
    | ((log: FastifyBaseLogger) => { primary: SmsGateway; fallback?: SmsGateway });
  /** SMS_RECEIPT_SECRET: gateways are asked to post delivery receipts to PUBLIC_URL/v1/sms/receipts/…?secret=. */
  smsReceiptSecret?: string;
  /** A sender of a test's own, used as is instead of the recorded gateways (nothing is recorded). */
  sms?: SmsSender;
  /**
   * How email leaves (EMAIL_PROVIDER): default the demo's outbox (recorded, read at GET /dev/email-outbox); null
   * sends none. Every send is recorded in email_messages.
   */
  email?: EmailSender | null;
  /** WhatsApp for the order steps (WHATSAPP_PROVIDER=cloud); default none. */
  whatsapp?: WhatsAppSender | null;
  /** Rate limits of the account calls (tests lower them). */
  authLimits?: Partial<AuthLimits>;
  /** Rate limits of staff sign-in (tests lower them). */
  staffLimits?: Partial<StaffLimits>;
  /** What reading one products file may take: rows, cells, unpacked bytes, heap, time (tests lower them). */
  importLimits?: Partial<ImportLimits>;
  /** IMPORT_PACE: the share of the time an import's batches may take (default: batch after batch). */
  importPace?: number;
  /** The longest wait inside an import's batch (ImportRunContext.waitInTransactionAtMostMs). */
  importWaitInTransactionMs?: number;
  /** The payment gateway; default: the sandbox gateway served by this API (server.ts picks from PAYMENT_PROVIDER). */
  payments?: PaymentProvider;
  /** Who delivers (COURIER, server.ts): default the manual courier (staff type the carrier and tracking number). */
  courier?: Courier;
  /** ABANDONED_CART_HOURS: a cart untouched this long is abandoned (the back office's list; the job's reminders). */
  abandonedCartHours?: number;
  /** Reverse geocoding for GET /v1/geocode/reverse; default: public Nominatim. */
  geocoder?: Geocoder;
  /** How the geocoder is asked: its rate (GEOCODER_RATE_PER_SECOND), callers' limits, the cache (tests change them). */
  geocoding?: Partial<GeocodingOptions>;
  /** PUBLIC_URL: the store's public address for payment callbacks and redirects (default http://localhost:3000). */
  publicUrl?: string;
  /** VAT, invoices and e-receipts (server.ts from the settings): default the demo seller, untaxed delivery, no ETA. */
  invoicing?: Partial<InvoicingSettings>;
  /** How long a client may take to send a request, or idle (HTTP_*_TIMEOUT_MS; lib/timeouts.ts). */
  httpTimeouts?: Partial<HttpTimeouts>;
  /** Origins whose pages may call the API (CORS_ORIGINS); default: the origin of publicUrl. Never `null` or `*`. */
  corsOrigins?: string[];
  /** VITE_MAP_TILE_URL, the tiles the storefront was built with: the CSP lets images load from their host. */
  mapTileUrl?: string;
  /** Whether the catalog index is built, for /ready; default: built by warmCatalogIndex, or the index is off. */
  catalogIndexReady?: () => boolean;
  /** METRICS_TOKEN: opens /metrics to a scraper elsewhere than this machine (`Authorization: Bearer …`). */
  metricsToken?: string;
  /** PG_BIN_DIR: the folder holding pg_dump, for the back office's backup of a PostgreSQL store (default: found). */
  pgBinDir?: string;
  /** A jobs-only instance (JOBS=only, `npm run worker`): it answers /health, /ready and /metrics, nothing else. */
  probesOnly?: boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
    /** Where uploads are kept (AppOptions.images), or undefined when the app keeps none. */
    images: ImageStore | undefined;
    /** `/ready`'s state: the server sets `draining` on SIGTERM. */
    readiness: Readiness;
  }
}

export type App = FastifyInstance;

/** TRUST_PROXY as a hop count: the nearest `n` proxies are believed (what Fastify does with a number). */
const trustHops = (n: number) => (_address: string, hop: number) => hop < n;

/**
 * The developer routes, for requests from this machine only: the socket must be loopback and nothing may have
 * forwarded the request (a proxy on the same machine connects from loopback too). Anyone else gets the ordinary 404.
 */
const devRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', async (req) => {
    if (!fromThisMachine(req)) throw new AppError(404, 'not_found', ['route_not_found']);
  });
  await app.register(devSmsRoutes);
  await app.register(devMessageRoutes);
  await app.register(devOrderRoutes);
};

export async function buildApp(opts: AppOptions): Promise<FastifyInstance> {
  const timeouts = { ...DEFAULT_HTTP_TIMEOUTS, ...opts.httpTimeouts };
  const publicUrl = (opts.publicUrl ?? 'http://localhost:3000').replace(/\/+$/, '');
  const webDistDir =
    opts.webDistDir && existsSync(path.join(opts.webDistDir, 'index.html')) ? opts.webDistDir : undefined;
  // Security headers on every answer, computed once (lib/security-headers.ts).
  const headers = securityHeaders({
    publicUrl,
    env: opts.env ?? 'development',
    mapTileUrl: opts.mapTileUrl,
    scriptHashes: webDistDir ? webScriptHashes(webDistDir) : [],
    // S3_PUBLIC_URL: its origin (any key's public address has it).
    uploadsOrigin: opts.images?.publicUrl('x') ?? undefined,
  });
  const app = Fastify({
    logger: opts.logger ? loggerOptions(opts.logger === true ? { level: 'info' } : opts.logger) : false,
    // A client that sends its request a byte at a time, or nothing at all, is cut off (408) instead of holding a
    // connection, and an open file, for ever (issue 12: 1,500 such clients starved every shopper).
    requestTimeout: timeouts.requestMs,
    connectionTimeout: timeouts.connectionMs,
    keepAliveTimeout: timeouts.keepAliveMs,
    http: {
      requestTimeout: timeouts.requestMs,
      headersTimeout: timeouts.headersMs,
      connectionsCheckingInterval: HTTP_TIMEOUT_CHECK_INTERVAL_MS,
    },
    trustProxy: typeof opts.trustProxy === 'number' ? trustHops(opts.trustProxy) : (opts.trustProxy ?? false),
    // A store behind a load balancer: ids come from the proxy when present.
    requestIdHeader: 'x-request-id',
    ajv: { customOptions: { coerceTypes: false } },
    // Requests Node refuses before routing (too slow, headers too large, unparseable): the same headers and shape.
    clientErrorHandler: clientErrorHandler(headers),
    // Router errors are answered before any hook: they get the headers here.
    frameworkErrors: (error, req, reply) => frameworkErrors(error, req, reply.headers(headers)),
  }).withTypeProvider<ZodTypeProvider>();
  // The store's own stylesheets, faces and pictures get the few that act on a file (lib/security-headers.ts).
  app.addHook('onRequest', headersHook(headers, fileHeaders(headers)));
  // Whether shoppers are being served now: an import gives way to them (IMPORT_PACE).
  trackShoppers(app);
  app.setValidatorCompiler(validatorCompiler);
  // Product lists are checked against their contract in the tests only (lib/response-serializer.ts).
  app.setSerializerCompiler(responseSerializer({ check: opts.env === 'test' }));
  // Every SMS through the gateways is recorded (modules/messages); a test's own sender is used as is.
  const recordedSms =
    opts.sms ??
    new RecordedSmsSender({
      db: opts.database.db,
      clock: opts.clock ?? systemClock,
      log: app.log,
      ...(typeof opts.smsGateways === 'function'
        ? opts.smsGateways(app.log)
        : (opts.smsGateways ?? { primary: new OutboxGateway(opts.database.db, app.log) })),
      receipts: opts.smsReceiptSecret ? { publicUrl, secret: opts.smsReceiptSecret } : undefined,
    });
  app.decorate('ctx', {
    db: opts.database.db,
    clock: opts.clock ?? systemClock,
    env: opts.env ?? 'development',
    sms: recordedSms,
    smsGateways: recordedSms instanceof RecordedSmsSender ? recordedSms.gateways : [],
    smsReceiptSecret: opts.smsReceiptSecret,
    email:
      opts.email === null
        ? null
        : new RecordedEmailSender(opts.database.db, opts.email ?? new OutboxEmailSender(app.log)),
    whatsapp: opts.whatsapp ?? null,
    authLimits: { ...DEFAULT_AUTH_LIMITS, ...opts.authLimits },
    payments: opts.payments ?? new SandboxPaymentProvider('sandbox-hmac-secret'),
    courier: opts.courier ?? new ManualCourier(),
    geocoder:
      opts.geocoder ??
      new NominatimGeocoder({ url: 'https://nominatim.openstreetmap.org', userAgent: 'souq-store/0.1' }),
    geocoding: { ...DEFAULT_GEOCODING, ...opts.geocoding },
    publicUrl,
    invoicing: { ...DEFAULT_INVOICING, ...opts.invoicing },
  });

  const images = opts.images ?? (opts.uploadsDir ? new DiskImageStore(opts.uploadsDir) : undefined);
  app.decorate('images', images);

  installErrorHandling(app);
  if (opts.probesOnly) {
    app.addHook('onRequest', async (req) => {
      if (!PROBE_PATHS.has(pathOf(req.raw.url))) throw new AppError(404, 'not_found', ['route_not_found']);
    });
  }
  installMetrics(app, {
    db: opts.database.db,
    pool: opts.database.poolStats,
    transactions: opts.database.transactionStats,
    holds: opts.database.onHold,
    catalogIndex: () => catalogIndexInfo(opts.database.db),
    token: opts.metricsToken,
  });
  installCacheHeaders(app, {
    ttlSeconds: (opts.catalogCacheMs ?? 0) / 1000,
    staleSeconds: (opts.catalogStaleMs ?? 3 * (opts.catalogCacheMs ?? 0)) / 1000,
  });
  installAuth(app);
  installStaffAuth(app);
  await app.register(cors, {
    // The store's own origin(s) only, compared exactly: any other origin, `null` included, gets no CORS headers.
    origin: corsOrigin(opts.corsOrigins ?? [new URL(publicUrl).origin]),
    exposedHeaders: ['client', 'token', 'uid', 'expiry', 'token-type'],
    allowedHeaders: ['content-type', 'client', 'token', 'uid', 'accept-language'],
    methods: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'],
  });
  // After CORS, whose headers a cached answer needs too.
  installResponseCache(app, opts.catalogCacheMs ?? 0, { staleMs: opts.catalogStaleMs });
  // After the cache (which keeps answers as they are): an unchanged read answers 304 to a client that has it...
  await app.register(etag, { weak: true });
  // ...and every text answer (JSON, HTML, SVG, the static files not compressed at build) goes out in Brotli or
  // gzip, as the client takes it. Brotli at quality 6 here: on the fly, speed counts more than the last bytes
  // (the build's files are compressed once at quality 11, scripts/precompress.mjs). An answer of up to 256 KB is
  // compressed in one call, not through a stream: for a page of 24 cards (26-27 KB) in Brotli the stream cost
  // 6.5-6.8 ms of CPU and 1.4-1.6 ms of the server's thread, the one call 0.6-0.8 ms of both (gzip 0.8-1.4 ms
  // against 0.5-0.65). The plugin streams anything over 8 KB on two cores.
  await app.register(compress, {
    global: true,
    encodings: ['br', 'gzip'],
    threshold: 1024,
    syncThreshold: 256 * 1024,
    brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 6 } },
    zlibOptions: { level: 6 },
  });
  await app.register(formbody);
  await registerFormParsing(app, () =>
    app.register(multipart, {
      attachFieldsToBody: 'keyValues',
      // Read before any route checks who is asking, so what anyone may send is small: fields only (a form's, as
      // sign-in and addresses take), about as much as a JSON body. A route that takes files says how many and how
      // large (`config.multipartOptions.limits`); past that the reader stops with 413.
      limits: { fileSize: 5 * 1024 * 1024, files: 0, parts: 64, fieldSize: 16 * 1024 },
      // Keeps each file's name beside its bytes (uploadedFiles(req, field)); the body alone drops it.
      onFile: keepUploadedFile,
    }),
  );
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Store API',
        version: '1.0.0',
        description: 'The store API (spec §7), generated from packages/contracts.',
      },
    },
    transform: jsonSchemaTransform,
  });

  // /health (alive) and /ready (database, schema, catalog index, not draining): lib/readiness.ts.
  const readiness = registerProbes(app, {
    db: opts.database.db,
    catalogIndexReady: opts.catalogIndexReady ?? (() => catalogIndexReady(opts.database.db)),
  });
  app.decorate('readiness', readiness);
  app.get('/v1/openapi.json', { schema: { hide: true } }, async () => app.swagger());

  // DATABASE_READ_URL: catalog reads and reports from a replica as new as the primary's catalog version.
  if (opts.database.replicas) installReplicaReads(app, opts.database.replicas);
  // The public reads, for the server renderer of the shop's pages (web.ts): collected as the routes are declared.
  const reads = new InProcessReads(app);
  await app.register(catalogRoutes, { prefix: '/v1' });
  await app.register(contentRoutes, { prefix: '/v1' });
  await app.register(storeSellerRoutes, { prefix: '/v1' });
  await app.register(authRoutes, { prefix: '/v1' });
  await app.register(cartRoutes, { prefix: '/v1' });
  await app.register(wishlistRoutes, { prefix: '/v1' });
  await app.register(alertRoutes, { prefix: '/v1' });
  await app.register(addressRoutes, { prefix: '/v1' });
  await app.register(orderRoutes, { prefix: '/v1' });
  await app.register(checkoutRoutes, { prefix: '/v1' });
  await app.register(paymentRoutes, { prefix: '/v1' });
  await app.register(staffRoutes, { prefix: '/v1/admin', limits: opts.staffLimits });
  await app.register(adminOrderRoutes, { prefix: '/v1/admin' });
  await app.register(adminOutboxRoutes, { prefix: '/v1/admin' });
  await app.register(adminAlertRoutes, { prefix: '/v1/admin', abandonedCartHours: opts.abandonedCartHours });
  await app.register(adminReportRoutes, { prefix: '/v1/admin' });
  await app.register(adminDiscountCodeRoutes, { prefix: '/v1/admin' });
  await app.register(adminCustomerRoutes, { prefix: '/v1/admin' });
  await app.register(adminMessageRoutes, { prefix: '/v1/admin' });
  await app.register(smsReceiptRoutes);
  await app.register(courierWebhookRoutes, { prefix: '/v1' });
  await app.register(adminShipmentRoutes, { prefix: '/v1/admin' });
  await app.register(adminSettlementRoutes, { prefix: '/v1/admin' });
  await app.register(returnRoutes, { prefix: '/v1' });
  await app.register(adminReturnRoutes, { prefix: '/v1/admin' });
  await app.register(adminStockRoutes, { prefix: '/v1/admin' });
  await app.register(adminContentRoutes, { prefix: '/v1/admin', store: images });
  await app.register(adminTaxonomyRoutes, { prefix: '/v1/admin', store: images });
  await app.register(adminSynonymRoutes, { prefix: '/v1/admin' });
  await app.register(adminImageRoutes, { prefix: '/v1/admin', store: images });
  await app.register(adminProductRoutes, { prefix: '/v1/admin', store: images });
  await app.register(adminImportRoutes, {
    prefix: '/v1/admin',
    limits: opts.importLimits,
    pace: opts.importPace,
    oneConnection: opts.database.kind === 'pglite',
    waitInTransactionAtMostMs: opts.importWaitInTransactionMs,
  });
  await app.register(adminBackupRoutes, {
    prefix: '/v1/admin',
    database: opts.database,
    images,
    pgBinDir: opts.pgBinDir,
  });
  if (opts.devRoutes && app.ctx.env !== 'production') await app.register(devRoutes);

  if (images) {
    await registerShareImages(app, images);
    await registerImageSizes(app, images);
  }
  // Another store (a bucket): /uploads from it, with the same headers (lib/store-uploads.ts).
  if (images && !(images instanceof DiskImageStore)) await registerStoreUploads(app, images);
  else if (images) {
    const root = images.root;
    mkdirSync(root, { recursive: true });
    await app.register(async (uploads) => {
      // Uploaded files are data, never a page: a policy of their own (lib/security-headers.ts).
      uploads.addHook('onRequest', headersHook(UPLOADS_HEADERS));
      await uploads.register(fastifyStatic, {
        root,
        prefix: '/uploads/',
        decorateReply: false,
        maxAge: '7d',
        // A product image upload gets a new random name, never new content: cached for a year.
        setHeaders: (reply, file) => {
          if (file.startsWith(path.join(root, 'products') + path.sep))
            reply.header('cache-control', 'public, max-age=31536000, immutable');
        },
      });
    });
  }
  await registerSeo(app);
  if (webDistDir)
    await registerWeb(app, webDistDir, {
      reads,
      pageCacheMs: opts.catalogCacheMs ?? 0,
    });
  return app;
}
