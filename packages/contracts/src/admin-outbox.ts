import { z } from 'zod';

/**
 * The outbox's events that failed (back office, owners): what happens after a commit (the shopper's SMS about an
 * order, the hand-on to the warehouse) and did not work. `retrying`: it will be tried again at `next_attempt_at`;
 * `failed`: it was tried MAX_ATTEMPTS times and is given up until someone retries it.
 */
export const OUTBOX_STATES = ['retrying', 'failed'] as const;
export type OutboxState = (typeof OUTBOX_STATES)[number];

export const adminOutboxEventSchema = z.object({
  id: z.number().int(),
  type: z.string(),
  order_id: z.number().int().nullable(),
  state: z.enum(OUTBOX_STATES),
  attempts: z.number().int(),
  error: z.string(),
  created_at: z.string(),
  next_attempt_at: z.string().nullable(),
});
export type AdminOutboxEvent = z.infer<typeof adminOutboxEventSchema>;

export const adminOutboxResponseSchema = z.object({
  events: z.array(adminOutboxEventSchema),
  counts: z.object({ retrying: z.number().int(), failed: z.number().int() }),
});
export type AdminOutboxResponse = z.infer<typeof adminOutboxResponseSchema>;
