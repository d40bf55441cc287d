import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SmsSender } from '../../adapters/sms.ts';
import { domainEvents } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { call } from '../../test/shoppers.ts';
import { ownerCatalogClerk } from '../../test/staff.ts';
import { drainEvents } from './events.ts';

let t: TestApp;
let failing = true;
const sent: string[] = [];
const sms: SmsSender = {
  name: 'recording',
  async send(m) {
    if (failing) throw new Error('gateway said no');
    sent.push(m.text);
  },
};

beforeAll(async () => {
  t = await createTestApp({ sms });
});
afterAll(() => t.close());

describe("the outbox's failures in the back office", () => {
  it('an owner sees a given-up event with its error and retries it; the next drain does it', async () => {
    const staff = await ownerCatalogClerk(t, 'Outbox-desk-1952');
    const as = (headers: Record<string, string>) => ({
      get: (url: string) => call(t.app, 'GET', url, headers),
      post: (url: string) => call(t.app, 'POST', url, headers, {}),
    });
    const owner = as(staff.owner);
    const clerk = as(staff.clerk);
    const [e] = await t.database.db
      .insert(domainEvents)
      .values({
        type: 'order.refunded',
        orderId: null,
        payload: {},
        attempts: 8,
        processedAt: t.clock.now(),
        lastError: 'gateway said no',
        createdAt: t.clock.now(),
      })
      .returning();
    const list = await owner.get('/v1/admin/outbox/failures');
    expect(list.status).toBe(200);
    expect(list.body.counts.failed).toBeGreaterThanOrEqual(1);
    expect(list.body.events).toContainEqual(
      expect.objectContaining({
        id: e!.id,
        state: 'failed',
        attempts: 8,
        error: 'gateway said no',
        next_attempt_at: null,
      }),
    );
    // Staff who are not owners see nothing.
    expect((await clerk.get('/v1/admin/outbox/failures')).status).toBe(403);
    expect((await clerk.post(`/v1/admin/outbox/${e!.id}/retry`)).status).toBe(403);

    const retried = await owner.post(`/v1/admin/outbox/${e!.id}/retry`);
    expect(retried.status).toBe(200);
    const [row] = await t.database.db.select().from(domainEvents).where(eq(domainEvents.id, e!.id));
    expect(row!.processedAt).toBeNull();
    expect(row!.attempts).toBe(0);
    // Retrying it again while it is queued changes nothing.
    const again = await owner.post(`/v1/admin/outbox/${e!.id}/retry?locale=en`);
    expect(again.status).toBe(409);
    expect(again.body).toEqual({
      errors: ['This event has not failed for good: it is done, or it will be tried again by itself'],
    });
    expect((await owner.post('/v1/admin/outbox/99999999/retry')).status).toBe(404);
    // The job takes it.
    failing = false;
    await drainEvents({ ...t.app.ctx, log: { error: () => undefined } });
    const [done] = await t.database.db.select().from(domainEvents).where(eq(domainEvents.id, e!.id));
    expect(done!.processedAt).not.toBeNull();
    expect(done!.lastError).toBeNull();
  });
});
