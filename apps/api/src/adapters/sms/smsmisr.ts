import { callGateway, httpRefusal, jsonOf, type GatewayHttp } from './http.ts';
import { SmsRefused, type GatewayRequest, type SmsGateway } from './types.ts';

export const SMSMISR_URL = 'https://smsmisr.com/api/SMS/';

export interface SmsMisrOptions extends GatewayHttp {
  url: string;
  username: string;
  password: string;
  /** The sender token SMS Misr gives for the approved sender name (not the name itself). */
  sender: string;
  /** 1 live, 2 test (SMS Misr's test environment answers but delivers nothing). */
  environment: '1' | '2';
}

/** SMS Misr's answer codes (its developer API page): 1901 is the only success. */
export const SMSMISR_CODES: Record<string, string> = {
  '1200': 'Too many requests at the same time (wait at least a second between them)',
  '1901': 'Message submitted successfully',
  '1902': 'Invalid request: a parameter is missing or wrong',
  '1903': 'Invalid username or password',
  '1904': 'Invalid sender',
  '1905': 'Invalid mobile number',
  '1906': 'Insufficient credit',
  '1907': 'Server under update',
  '1908': 'Invalid date and time in DelayUntil',
  '1909': 'Error in the message',
};

const ARABIC = /[\u0600-\u06FF\u0750-\u077F\uFB50-\uFDFF\uFE70-\uFEFF]/;

/**
 * SMS Misr (SMS_PROVIDER=smsmisr): POST form fields username, password, sender, mobile (201…), language (1 English,
 * 2 Arabic, 3 other Unicode), message, environment. It answers JSON whose `code` is 1901 when the message was taken;
 * any other code is a refusal, whatever the HTTP status. It posts no delivery receipts.
 */
export class SmsMisrGateway implements SmsGateway {
  readonly name = 'smsmisr' as const;
  constructor(private readonly opts: SmsMisrOptions) {}

  async send({ international, text, encoding }: GatewayRequest) {
    const language = encoding === 'gsm7' ? '1' : ARABIC.test(text) ? '2' : '3';
    const form = new URLSearchParams({
      environment: this.opts.environment,
      username: this.opts.username,
      password: this.opts.password,
      sender: this.opts.sender,
      mobile: international,
      language,
      message: text,
    });
    const answer = await callGateway(
      this.name,
      this.opts.url,
      {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
        body: form.toString(),
      },
      this.opts,
    );
    const json = jsonOf(answer.text) as Record<string, unknown> | undefined;
    const code = json ? String(json.code ?? json.Code ?? '') : '';
    const meaning = (c: string) => `${c} ${SMSMISR_CODES[c] ?? 'unknown code'}`;
    if (answer.status < 200 || answer.status >= 300)
      throw httpRefusal(this.name, answer.status, code ? meaning(code) : '');
    if (code !== '1901')
      throw new SmsRefused(this.name, 'refused', code ? meaning(code) : 'an answer without a code');
    const id = json?.SMSID ?? json?.smsid;
    return { messageId: id === undefined || id === null ? undefined : String(id) };
  }
}
