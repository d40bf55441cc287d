/**
 * The WhatsApp Business Cloud API (issue 44 item 5): an order step as a template message,
 * POST {WHATSAPP_URL}/v{WHATSAPP_API_VERSION}/{WHATSAPP_PHONE_NUMBER_ID}/messages with the access token as a Bearer.
 * Business-initiated messages must be templates Meta approved beforehand: one per step (WHATSAPP_TEMPLATES names
 * them, default `order_<step>`), each in Arabic and English, its body taking the step's parameters in order.
 *
 * Accepted: a 2xx whose body holds `messages[0].id` (the wamid). Anything else is a refusal: an HTTP error, an
 * `error` object (Meta's code, e.g. 190 bad token, 131026 undeliverable, 132001 no such template), no id, or no
 * answer within WHATSAPP_TIMEOUT_MS.
 */
import { normalizeEgyptMobile, type OrderMessageStep } from '@store/contracts';
import { WhatsAppRefused, type WhatsAppSender, type WhatsAppStepMessage } from './types.ts';

export const WHATSAPP_URL = 'https://graph.facebook.com';
export const WHATSAPP_API_VERSION = '21.0';
export const DEFAULT_WHATSAPP_TIMEOUT_MS = 10_000;

export interface CloudWhatsAppOptions {
  url: string;
  version: string;
  phoneNumberId: string;
  token: string;
  /** Each step's template name. */
  templates: Record<OrderMessageStep, string>;
  /** The template language codes of Arabic and English (Meta's: ar, en or en_US…). */
  languages: { ar: string; en: string };
  timeoutMs: number;
}

interface GraphAnswer {
  messages?: { id?: unknown }[];
  error?: { code?: unknown; message?: unknown; error_data?: { details?: unknown } };
}

export class CloudWhatsApp implements WhatsAppSender {
  readonly name = 'cloud';
  constructor(private readonly o: CloudWhatsAppOptions) {}

  async send(m: WhatsAppStepMessage): Promise<{ messageId: string }> {
    const local = normalizeEgyptMobile(m.to);
    if (!local) throw new WhatsAppRefused('refused', 'not an Egyptian mobile number');
    const body = {
      messaging_product: 'whatsapp',
      recipient_type: 'individual',
      to: `20${local.slice(1)}`,
      type: 'template',
      template: {
        name: this.o.templates[m.step],
        language: { code: this.o.languages[m.locale] },
        components: [
          { type: 'body', parameters: m.params.map((text) => ({ type: 'text', text: text || '-' })) },
        ],
      },
    };
    const address = `${this.o.url.replace(/\/+$/, '')}/v${this.o.version}/${encodeURIComponent(this.o.phoneNumberId)}/messages`;
    let res: Response;
    let text: string;
    try {
      res = await fetch(address, {
        method: 'POST',
        headers: { authorization: `Bearer ${this.o.token}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(this.o.timeoutMs),
      });
      text = await res.text();
    } catch (err) {
      const name = err instanceof Error ? err.name : '';
      if (name === 'TimeoutError' || name === 'AbortError')
        throw new WhatsAppRefused('timeout', `no answer within ${this.o.timeoutMs} ms`);
      throw new WhatsAppRefused('unreachable', err instanceof Error ? err.message : String(err));
    }
    let answer: GraphAnswer | null;
    try {
      answer = JSON.parse(text) as GraphAnswer;
    } catch {
      answer = null;
    }
    const e = answer?.error;
    if (e) {
      const details = typeof e.error_data?.details === 'string' ? ` (${e.error_data.details})` : '';
      throw new WhatsAppRefused(
        'refused',
        `HTTP ${res.status}, code ${String(e.code ?? '?')}: ${String(e.message ?? 'no message')}${details}`.slice(
          0,
          400,
        ),
      );
    }
    if (!res.ok) throw new WhatsAppRefused('refused', `HTTP ${res.status}`);
    const id = answer?.messages?.[0]?.id;
    if (typeof id !== 'string' || !id)
      throw new WhatsAppRefused('refused', `HTTP ${res.status} without a message id`);
    return { messageId: id };
  }
}
