/**
 * The owner's channels per order step on a store without WhatsApp set up (the tests' store sends email to its
 * outbox): a step ticked only on WhatsApp would reach nobody, so saving it is refused in the owner's language,
 * naming the steps, and nothing changes; ticked beside SMS or email, or on nothing at all, it is saved.
 */
import { apiMessage } from '@store/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { call } from '../../test/shoppers.ts';
import { ownerCatalogClerk } from '../../test/staff.ts';

let t: TestApp;
let owner: Record<string, string>;
beforeAll(async () => {
  t = await createTestApp();
  owner = (await ownerCatalogClerk(t, 'Channels-desk-1952')).owner;
});
afterAll(() => t?.close());

const put = (steps: { step: string; sms: boolean; email: boolean; whatsapp: boolean }[], locale = 'en') =>
  call(t.app, 'PUT', `/v1/admin/message-channels?locale=${locale}`, owner, { steps });
const saved = async () => (await call(t.app, 'GET', '/v1/admin/message-channels', owner)).body;

describe('a step’s channels on a store without WhatsApp', () => {
  it('refuses a step ticked only on WhatsApp, naming it, in the owner’s language, and saves nothing', async () => {
    const before = await saved();
    expect(before.available).toEqual({ sms: true, email: true, whatsapp: false });
    const steps = [
      { step: 'placed', sms: true, email: false, whatsapp: true },
      { step: 'delivering', sms: false, email: false, whatsapp: true },
      { step: 'confirmed', sms: false, email: true, whatsapp: true },
      { step: 'delivered', sms: false, email: false, whatsapp: true },
    ];
    const en = await put(steps);
    expect(en.status).toBe(422);
    expect(en.body).toEqual({
      errors: [apiMessage('step_channels_unreachable', 'en')],
      steps: ['delivering', 'delivered'],
    });
    const ar = await put(steps, 'ar');
    expect(ar.body.errors).toEqual([apiMessage('step_channels_unreachable', 'ar')]);
    expect(await saved()).toEqual(before);
  });

  it('saves a step on WhatsApp beside SMS (the SMS reaches the shopper), or on nothing at all', async () => {
    const res = await put([
      { step: 'delivering', sms: true, email: false, whatsapp: true },
      { step: 'payment_received', sms: false, email: false, whatsapp: false },
    ]);
    expect(res.status).toBe(200);
    const rows = (await saved()).steps as { step: string }[];
    expect(rows.find((r) => r.step === 'delivering')).toEqual({
      step: 'delivering',
      sms: true,
      email: false,
      whatsapp: true,
    });
    expect(rows.find((r) => r.step === 'payment_received')).toEqual({
      step: 'payment_received',
      sms: false,
      email: false,
      whatsapp: false,
    });
  });
});
