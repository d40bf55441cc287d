import type { Locale } from '@store/contracts';
import type { FastifyInstance, RouteOptions } from 'fastify';
import type { ZodType } from 'zod';
import { AppError, translate } from './errors.ts';

const collected = new WeakMap<FastifyInstance, InProcessReads>();

interface Read {
  /** The route's address as declared (`/v1/products/:id`). */
  url: string;
  pattern: RegExp;
  names: string[];
  querystring?: ZodType;
  params?: ZodType;
  response?: ZodType;
  handler: RouteOptions['handler'];
}

/**
 * The public catalog and content reads (`GET` routes marked `config: { cache: true }`), callable in-process by the
 * server renderer (decision 021): the route's own handler with the query parsed and the answer shaped by the
 * route's own zod schemas, exactly as over HTTP, without a socket, a request or JSON in between.
 */
export class InProcessReads {
  private reads: Read[] = [];

  /** The reads collected for an app (its test checks each answers as over HTTP). */
  static of(app: FastifyInstance): InProcessReads | undefined {
    return collected.get(app);
  }

  /** Registers itself to collect the reads as the app's routes are declared (before any route is). */
  constructor(app: FastifyInstance) {
    collected.set(app, this);
    app.addHook('onRoute', (route) => {
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      const config = route.config as { cache?: boolean } | undefined;
      if (!methods.includes('GET') || !config?.cache) return;
      const names: string[] = [];
      const source = route.url
        .split('/')
        .map((part) => {
          if (!part.startsWith(':')) return part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
          names.push(part.slice(1));
          return '([^/]+)';
        })
        .join('/');
      const schema = route.schema as
        { querystring?: ZodType; params?: ZodType; response?: Record<number, ZodType> } | undefined;
      this.reads.push({
        url: route.url,
        pattern: new RegExp(`^${source}$`),
        names,
        querystring: schema?.querystring,
        params: schema?.params,
        response: schema?.response?.[200],
        handler: route.handler,
      });
    });
  }

  /** The routes it answers, as declared (`/v1/products/:id`). */
  get urls(): string[] {
    return this.reads.map((r) => r.url);
  }

  /** Answers `GET /v1/<path>?<query>` in `locale`: the status and the body the route would have sent. */
  async get(
    path: string,
    query: URLSearchParams,
    locale: Locale,
  ): Promise<{ status: number; body: unknown }> {
    const url = `/v1/${path.replace(/^\/+/, '')}`;
    for (const read of this.reads) {
      const m = read.pattern.exec(url);
      if (!m) continue;
      const rawQuery: Record<string, string | string[]> = {};
      for (const key of new Set(query.keys())) {
        const all = query.getAll(key);
        rawQuery[key] = all.length > 1 ? all : all[0]!;
      }
      const rawParams = Object.fromEntries(read.names.map((n, i) => [n, decodeURIComponent(m[i + 1]!)]));
      const q = read.querystring ? read.querystring.safeParse(rawQuery) : { success: true, data: rawQuery };
      const p = read.params ? read.params.safeParse(rawParams) : { success: true, data: rawParams };
      if (!q.success || !p.success) return { status: 422, body: { errors: [] } };
      // What the handler reads of a request: its parsed query and parameters, and the language.
      const req = {
        query: q.data,
        params: p.data,
        headers: { 'accept-language': locale },
        raw: { url: `${url}?locale=${locale}` },
        url: `${url}?locale=${locale}`,
        method: 'GET',
      };
      try {
        const answer: unknown = await (read.handler as (r: unknown, reply: unknown) => unknown)(req, {});
        const body = read.response ? read.response.parse(answer) : answer;
        return { status: 200, body: JSON.parse(JSON.stringify(body)) };
      } catch (err) {
        if (err instanceof AppError) {
          const messages = Array.isArray(err.messages) ? err.messages.map((k) => translate(k, locale)) : [];
          return { status: err.status, body: { errors: messages } };
        }
        throw err;
      }
    }
    return { status: 404, body: { errors: [] } };
  }
}
