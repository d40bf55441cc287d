import cors from '@fastify/cors';
import formbody from '@fastify/formbody';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import Fastify, { type FastifyInstance } from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Database } from './db/client.ts';
import { installErrorHandling } from './lib/errors.ts';
import { installResponseCache } from './lib/response-cache.ts';
import { systemClock, type Clock } from './lib/clock.ts';
import { catalogRoutes } from './modules/catalog/routes.ts';
import { contentRoutes } from './modules/content/routes.ts';
import { registerWeb } from './web.ts';

export interface AppOptions {
  database: Database;
  clock?: Clock;
  /** 'production' hides dev-only routes (SMS outbox, clock). */
  env?: 'development' | 'production' | 'test';
  /** Folder served at /uploads (generated product images, later uploads). */
  uploadsDir?: string;
  /** Built storefront (apps/web/dist); served with SPA fallback when present. */
  webDistDir?: string;
  logger?: boolean | { level: string };
  /** How long public catalog answers are cached in memory (ms); 0 turns the cache off (tests). */
  catalogCacheMs?: number;
}

export interface AppContext {
  db: Database['db'];
  clock: Clock;
  env: 'development' | 'production' | 'test';
}

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
  }
}

export type App = FastifyInstance;

export async function buildApp(opts: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: opts.logger ?? false,
    trustProxy: true,
    // A store behind a load balancer: ids come from the proxy when present.
    requestIdHeader: 'x-request-id',
    ajv: { customOptions: { coerceTypes: false } },
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('ctx', {
    db: opts.database.db,
    clock: opts.clock ?? systemClock,
    env: opts.env ?? 'development',
  });

  installErrorHandling(app);
  installResponseCache(app, opts.catalogCacheMs ?? 0);
  await app.register(cors, {
    origin: true,
    exposedHeaders: ['client', 'token', 'uid', 'expiry', 'token-type'],
    allowedHeaders: ['content-type', 'client', 'token', 'uid', 'accept-language'],
    methods: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'],
  });
  await app.register(formbody);
  await app.register(multipart, { attachFieldsToBody: 'keyValues', limits: { fileSize: 5 * 1024 * 1024 } });
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

  app.get('/health', { schema: { hide: true } }, async () => ({ ok: true }));
  app.get('/v1/openapi.json', { schema: { hide: true } }, async () => app.swagger());

  await app.register(catalogRoutes, { prefix: '/v1' });
  await app.register(contentRoutes, { prefix: '/v1' });

  if (opts.uploadsDir) {
    mkdirSync(opts.uploadsDir, { recursive: true });
    await app.register(fastifyStatic, {
      root: path.resolve(opts.uploadsDir),
      prefix: '/uploads/',
      decorateReply: false,
      maxAge: '7d',
    });
  }
  if (opts.webDistDir && existsSync(path.join(opts.webDistDir, 'index.html'))) {
    await registerWeb(app, opts.webDistDir);
  }
  return app;
}
