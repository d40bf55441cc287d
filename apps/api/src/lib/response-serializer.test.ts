import { productListResponseSchema } from '@store/contracts';
import Fastify from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { responseSerializer } from './response-serializer.ts';

const meta = { per_page: 12, total_entries: 0, current_page: 1, next_page: null, min_price: 0, max_price: 0 };

async function appAnswering(check: boolean, answer: unknown) {
  const app = Fastify().withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializer({ check }));
  app.get('/list', { schema: { response: { 200: productListResponseSchema } } }, async () => answer as never);
  await app.ready();
  return app;
}

describe("a product list's answer against its contract", () => {
  it('as the contract writes it: the same bytes checked (tests) and unchecked (production)', async () => {
    const answer = { products: [], meta };
    for (const check of [true, false]) {
      const res = await (await appAnswering(check, answer)).inject('/list');
      expect(res.statusCode).toBe(200);
      expect(res.body).toBe(JSON.stringify(answer));
    }
  });

  it('drifting from it (a key the contract lacks, keys in another order, a wrong type) fails in the tests', async () => {
    const drifts = [
      { products: [], meta: { ...meta, internal: 1 } },
      { meta, products: [] },
      { products: [], meta: { ...meta, total_entries: 'none' } },
    ];
    for (const answer of drifts) {
      const res = await (await appAnswering(true, answer)).inject('/list');
      expect(res.statusCode, JSON.stringify(answer)).toBe(500);
    }
  });
});
