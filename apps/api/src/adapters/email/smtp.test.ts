/**
 * The SMTP adapter against a real SMTP server on loopback (smtp-server): what it sends, and that every refusal is
 * a failure, never "sent".
 */
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SmtpEmailSender } from './smtp.ts';
import { EmailRefused } from './types.ts';

interface Received {
  from: string;
  to: string[];
  raw: string;
}
const received: Received[] = [];
let refuse: 'none' | 'recipient' | 'message' = 'none';
let server: SMTPServer;
let port = 0;

beforeAll(async () => {
  server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onAuth(auth, _session, cb) {
      if (auth.username === 'store' && auth.password === 'right-password') return cb(null, { user: 'store' });
      cb(new Error('535 Authentication failed'));
    },
    onRcptTo(address, _session, cb) {
      if (refuse === 'recipient')
        return cb(Object.assign(new Error('550 No such user here'), { responseCode: 550 }));
      cb();
    },
    onData(stream, session, cb) {
      let raw = '';
      stream.on('data', (c: Buffer) => (raw += c.toString('utf8')));
      stream.on('end', () => {
        if (refuse === 'message')
          return cb(Object.assign(new Error('552 Message rejected as spam'), { responseCode: 552 }));
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw,
        });
        cb();
      });
    },
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  port = (server.server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

const sender = (password = 'right-password') =>
  new SmtpEmailSender({
    url: `smtp://store:${password}@127.0.0.1:${port}`,
    from: 'Egypt Electronics <orders@store.example>',
    timeoutMs: 3000,
  });

const arabicOrder = {
  to: 'mona@example.com',
  subject: 'طلبك رقم 1024 وصلنا',
  html: '<!doctype html><html lang="ar" dir="rtl"><body><p>شكراً يا منى، طلبك رقم 1024 وصلنا.</p></body></html>',
  text: 'شكراً يا منى، طلبك رقم 1024 وصلنا.',
  kind: 'order',
  orderId: 1024,
};

describe('email through SMTP', () => {
  it('sends the Arabic HTML right to left with a text part, from EMAIL_FROM, and answers its Message-ID', async () => {
    refuse = 'none';
    const { messageId } = await sender().send(arabicOrder);
    expect(messageId).toMatch(/^<.+@.+>$/);
    const got = received.at(-1)!;
    expect(got.from).toBe('orders@store.example');
    expect(got.to).toEqual(['mona@example.com']);
    expect(got.raw).toMatch(/^Content-Type: text\/plain; charset=utf-8/m);
    expect(got.raw).toMatch(/^Content-Type: text\/html; charset=utf-8/m);
    // The HTML part is quoted-printable or base64: decode what the server got and read it.
    const html = decodeParts(got.raw).find((p) => p.includes('<html'))!;
    expect(html).toContain('<html lang="ar" dir="rtl">');
    expect(html).toContain('طلبك رقم 1024 وصلنا');
  });

  it('a wrong password, a refused recipient, a refused message or no server at all is a refusal', async () => {
    refuse = 'none';
    await expect(sender('wrong').send(arabicOrder)).rejects.toBeInstanceOf(EmailRefused);
    refuse = 'recipient';
    await expect(sender().send(arabicOrder)).rejects.toThrow(/550|No such user/);
    refuse = 'message';
    await expect(sender().send(arabicOrder)).rejects.toThrow(/552|rejected/);
    refuse = 'none';
    const nowhere = new SmtpEmailSender({
      url: 'smtp://127.0.0.1:1',
      from: 'x@store.example',
      timeoutMs: 1000,
    });
    await expect(nowhere.send(arabicOrder)).rejects.toBeInstanceOf(EmailRefused);
  });
});

/** The decoded bodies of a MIME message's parts (base64 or quoted-printable, utf-8). */
function decodeParts(raw: string): string[] {
  const parts = raw.split(/\r?\n--[^\r\n]+\r?\n/);
  return parts.map((p) => {
    const [head = '', ...rest] = p.split(/\r?\n\r?\n/);
    const body = rest.join('\n\n');
    if (/Content-Transfer-Encoding: base64/i.test(head))
      return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
    if (/Content-Transfer-Encoding: quoted-printable/i.test(head))
      return Buffer.from(
        body
          .replace(/=\r?\n/g, '')
          .replace(/=([0-9A-F]{2})/gi, (_m, h: string) => String.fromCharCode(parseInt(h, 16))),
        'latin1',
      ).toString('utf8');
    return body;
  });
}
