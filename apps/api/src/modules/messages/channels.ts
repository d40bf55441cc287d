/**
 * Which order steps go out on which channel (issue 44 item 2): the owner's choice, one row per step of
 * message_step_channels (this module owns them); a step with no row goes out as contracts' ORDER_STEP_DEFAULTS say.
 * The outbox reads a step's channels each time it sends one (modules/orders/step-messages.ts).
 */
import {
  ORDER_MESSAGE_STEPS,
  ORDER_STEP_DEFAULTS,
  type AdminMessageChannelsBody,
  type OrderMessageStep,
  type StepChannels,
  type StepChannelsRow,
} from '@store/contracts';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { messageStepChannels } from '../../db/schema.ts';
import { audit, type AuditActor } from '../staff/index.ts';

/** The channels one step goes out on. */
export async function stepChannels(db: DbOrTx, step: OrderMessageStep): Promise<StepChannels> {
  const [row] = await db.select().from(messageStepChannels).where(eq(messageStepChannels.step, step));
  return row ? { sms: row.sms, email: row.email, whatsapp: row.whatsapp } : { ...ORDER_STEP_DEFAULTS };
}

/** Every step, in the order a shopper meets them, with its channels. */
export async function listStepChannels(db: DbOrTx): Promise<StepChannelsRow[]> {
  const rows = await db.select().from(messageStepChannels);
  const saved = new Map(rows.map((r) => [r.step, r]));
  return ORDER_MESSAGE_STEPS.map((step) => {
    const r = saved.get(step);
    return r ? { step, sms: r.sms, email: r.email, whatsapp: r.whatsapp } : { step, ...ORDER_STEP_DEFAULTS };
  });
}

/** The owner's choice for the steps sent (others keep theirs), in one transaction, audited. */
export async function saveStepChannels(
  db: DbOrTx,
  who: AuditActor,
  body: AdminMessageChannelsBody,
  now: Date,
): Promise<StepChannelsRow[]> {
  await db.transaction(async (tx) => {
    for (const s of body.steps) {
      const values = { sms: s.sms, email: s.email, whatsapp: s.whatsapp, updatedAt: now, updatedBy: who.id };
      await tx
        .insert(messageStepChannels)
        .values({ step: s.step, ...values })
        .onConflictDoUpdate({ target: messageStepChannels.step, set: values });
    }
    await audit(tx, who, 'messages.channels_changed', null, { steps: body.steps }, now);
  });
  return listStepChannels(db);
}
