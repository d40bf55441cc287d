import { productListResponseSchema } from '@store/contracts';
import type { FastifySerializerCompiler } from 'fastify/types/schema.js';
import { serializerCompiler } from 'fastify-type-provider-zod';

/**
 * Answers checked against their contract as they are serialized (fastify-type-provider-zod): every route's, except
 * the schemas below outside the tests. A product list (twelve full cards in both languages, the most frequent large
 * answer, and a new search's) is built by our own typed code (`ProductListResponse`); checking it cost about 4% of
 * the server's CPU per new search, so in production and development it goes out as `JSON.stringify`
 * writes it. In the tests it is checked, and the checked bytes must be the unchecked ones (no key left out or
 * reordered, no value the schema would refuse): a card that drifts from its contract fails the tests, not a shopper.
 */
const TRUSTED: unknown[] = [productListResponseSchema];

/**
 * Such an answer leaves as UTF-8 bytes, encoded once. As a string (about 24,000 characters, Arabic ones among them),
 * it was encoded again for its ETag's hash and again for the socket: three copies of 30 KB of garbage for every new
 * search, which the server's thread paid for in collections.
 */
const bytes = (json: string) =>
  // Fastify's serializer type says string; a Buffer is sent as it is (hooks, the ETag and compression take both).
  Buffer.from(json) as unknown as string;

export function responseSerializer(opts: { check: boolean }): FastifySerializerCompiler<unknown> {
  return (route) => {
    const checked = serializerCompiler(route as Parameters<typeof serializerCompiler>[0]);
    if (!TRUSTED.includes(route.schema)) return checked;
    if (!opts.check) return (data) => bytes(JSON.stringify(data));
    return (data) => {
      const out = checked(data);
      if (out !== JSON.stringify(data))
        throw new Error(`${route.method} ${route.url}: the answer differs from its contract's serialization`);
      return bytes(out);
    };
  };
}
