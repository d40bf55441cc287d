import { createHmac } from 'node:crypto';
import { callGateway, clip, httpRefusal, type GatewayHttp } from './http.ts';
import { SmsRefused, type GatewayRequest, type SmsGateway } from './types.ts';

export const VODAFONE_URL = 'https://e3len.vodafone.com.eg/web2sms/sms/submit/';

export interface VodafoneOptions extends GatewayHttp {
  url: string;
  accountId: string;
  password: string;
  /** The secure-hash key Vodafone gives with the account: the HMAC-SHA256 key of every request. */
  secret: string;
  sender: string;
}

const escapeXml = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!,
  );
const unescapeXml = (s: string) =>
  s.replace(
    /&(lt|gt|amp|apos|quot);/g,
    (_m, n: string) => ({ lt: '<', gt: '>', amp: '&', apos: "'", quot: '"' })[n]!,
  );
const tag = (xml: string, name: string) => {
  const m = new RegExp(`<(?:\\w+:)?${name}>([\\s\\S]*?)</(?:\\w+:)?${name}>`).exec(xml);
  return m ? unescapeXml(m[1]!.trim()) : undefined;
};

/**
 * Web2SMS's SecureHash: HMAC-SHA256, keyed by the account's secret, of
 * `AccountId=…&Password=…&SenderName=…&ReceiverMSISDN=…&SMSText=…` (the values as sent, UTF-8), in upper-case hex.
 */
export function web2smsSecureHash(
  secret: string,
  v: { accountId: string; password: string; sender: string; receiver: string; text: string },
) {
  const signed = `AccountId=${v.accountId}&Password=${v.password}&SenderName=${v.sender}&ReceiverMSISDN=${v.receiver}&SMSText=${v.text}`;
  return createHmac('sha256', Buffer.from(secret, 'utf8')).update(signed, 'utf8').digest('hex').toUpperCase();
}

/**
 * Vodafone Egypt's Web2SMS (SMS_PROVIDER=vodafone): POST an XML SubmitSMSRequest (AccountId, Password, SecureHash,
 * SMSList of SenderName, ReceiverMSISDN 201…, SMSText) as UTF-8; Arabic needs no flag. Its SubmitSMSResponse is
 * taken only when ResultStatus is SUCCESS and the message's SMSStatus, when given, is SUBMITTED. It posts no
 * delivery receipts to the sender.
 */
export class VodafoneGateway implements SmsGateway {
  readonly name = 'vodafone' as const;
  constructor(private readonly opts: VodafoneOptions) {}

  async send({ international, text }: GatewayRequest) {
    const { accountId, password, sender, secret } = this.opts;
    const hash = web2smsSecureHash(secret, { accountId, password, sender, receiver: international, text });
    const xml =
      '<?xml version="1.0" encoding="UTF-8"?>' +
      '<SubmitSMSRequest xmlns="http://www.edafa.com/web2sms/sms/model/" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:schemaLocation="http://www.edafa.com/web2sms/sms/model/ SMSAPI.xsd " xsi:type="SubmitSMSRequest">' +
      `<AccountId>${escapeXml(accountId)}</AccountId>` +
      `<Password>${escapeXml(password)}</Password>` +
      `<SecureHash>${hash}</SecureHash>` +
      '<SMSList>' +
      `<SenderName>${escapeXml(sender)}</SenderName>` +
      `<ReceiverMSISDN>${international}</ReceiverMSISDN>` +
      `<SMSText>${escapeXml(text)}</SMSText>` +
      '</SMSList>' +
      '</SubmitSMSRequest>';
    const answer = await callGateway(
      this.name,
      this.opts.url,
      {
        method: 'POST',
        headers: { 'content-type': 'application/xml; charset=UTF-8', accept: 'application/xml' },
        body: xml,
      },
      this.opts,
    );
    const result = tag(answer.text, 'ResultStatus');
    const description = tag(answer.text, 'Description');
    const smsStatus = tag(answer.text, 'SMSStatus');
    const words = [result, smsStatus, description && clip(description)].filter(Boolean).join(' ');
    if (answer.status < 200 || answer.status >= 300) throw httpRefusal(this.name, answer.status, words);
    if (result !== 'SUCCESS' || (smsStatus !== undefined && smsStatus !== 'SUBMITTED'))
      throw new SmsRefused(this.name, 'refused', words || 'an answer without a ResultStatus');
    return { messageId: tag(answer.text, 'SMSID') ?? tag(answer.text, 'SMSId') };
  }
}
