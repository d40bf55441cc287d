import { z } from 'zod';

/**
 * The order steps a shopper hears about (issue 44 item 2) and the channels each may go out on. The owner chooses in
 * the back office (Messages › Channels); a step with no saved choice goes out as ORDER_STEP_DEFAULTS says. A channel
 * the store has not set up (EMAIL_PROVIDER=none, WHATSAPP_PROVIDER=none) sends nothing whatever is ticked.
 */
export const ORDER_MESSAGE_STEPS = [
  'placed',
  'payment_received',
  'payment_failed',
  'confirmed',
  'delivering',
  'delivered',
  'canceled',
  'refunded',
  // A shopper's return (issue 48 item 5): asked for, approved (pickup booked), refused, received.
  'return_requested',
  'return_approved',
  'return_refused',
  'return_received',
] as const;
export type OrderMessageStep = (typeof ORDER_MESSAGE_STEPS)[number];

export const MESSAGE_CHANNELS = ['sms', 'email', 'whatsapp'] as const;
export type MessageChannel = (typeof MESSAGE_CHANNELS)[number];

export type StepChannels = Record<MessageChannel, boolean>;

/** Before the owner chooses: every step by SMS and email; WhatsApp once the owner ticks it (its templates first). */
export const ORDER_STEP_DEFAULTS: StepChannels = { sms: true, email: true, whatsapp: false };

/**
 * A step ticked on some channel, yet only on channels the store cannot send on (`available`): its message would
 * reach nobody. The back office marks it and the API refuses it.
 */
export const reachesNobody = (step: StepChannels, available: StepChannels) =>
  MESSAGE_CHANNELS.some((c) => step[c]) && !MESSAGE_CHANNELS.some((c) => step[c] && available[c]);

const stepChannelsSchema = z.object({
  step: z.enum(ORDER_MESSAGE_STEPS),
  sms: z.boolean(),
  email: z.boolean(),
  whatsapp: z.boolean(),
});
export type StepChannelsRow = z.infer<typeof stepChannelsSchema>;

/** GET /v1/admin/message-channels: every step with its channels, and which channels the store can send on. */
export const adminMessageChannelsResponseSchema = z.object({
  steps: z.array(stepChannelsSchema),
  available: z.object({ sms: z.boolean(), email: z.boolean(), whatsapp: z.boolean() }),
});
export type AdminMessageChannelsResponse = z.infer<typeof adminMessageChannelsResponseSchema>;

/** PUT /v1/admin/message-channels: the steps to change (each once), with all three channels. */
export const adminMessageChannelsBodySchema = z.object({
  steps: z
    .array(stepChannelsSchema)
    .min(1)
    .max(ORDER_MESSAGE_STEPS.length)
    .refine((rows) => new Set(rows.map((r) => r.step)).size === rows.length, { message: 'step_repeated' }),
});
export type AdminMessageChannelsBody = z.infer<typeof adminMessageChannelsBodySchema>;
