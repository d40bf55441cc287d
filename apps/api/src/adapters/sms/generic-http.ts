import { callGateway, clip, httpRefusal, jsonOf, type GatewayHttp } from './http.ts';
import { SmsRefused, type GatewayRequest, type SmsGateway } from './types.ts';

export interface HttpSmsOptions extends GatewayHttp {
  /** The gateway's send address (SMS_HTTP_URL): it receives POST {to, from, text} as JSON. */
  url: string;
  /** Sent as `Authorization: Bearer <token>` (SMS_HTTP_TOKEN). */
  token: string;
  /** The sender name or number shown on the phone (SMS_SENDER_ID). */
  senderId: string;
}

/**
 * A gateway of your own over HTTP (SMS_PROVIDER=http): POST {to, from, text} as JSON with a bearer token, `to` in
 * the store's form (01012345678). A 2xx answer is accepted unless its JSON carries `error`; its `id`, when given,
 * is the message's id.
 */
export class HttpGateway implements SmsGateway {
  readonly name = 'http' as const;
  constructor(private readonly opts: HttpSmsOptions) {}

  async send({ local, text }: GatewayRequest) {
    const answer = await callGateway(
      this.name,
      this.opts.url,
      {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          accept: 'application/json',
          authorization: `Bearer ${this.opts.token}`,
        },
        body: JSON.stringify({ to: local, from: this.opts.senderId, text }),
      },
      this.opts,
    );
    const json = jsonOf(answer.text) as { id?: unknown; error?: unknown } | undefined;
    if (answer.status < 200 || answer.status >= 300)
      throw httpRefusal(this.name, answer.status, json?.error ?? '');
    if (json?.error) throw new SmsRefused(this.name, 'refused', clip(json.error));
    return { messageId: json?.id === undefined ? undefined : String(json.id) };
  }
}
