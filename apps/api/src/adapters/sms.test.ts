import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { latestCode, signUpBody } from '../test/accounts.ts';
import { createTestApp } from '../test/app.ts';
import { HttpGateway } from './sms.ts';

/** A stand-in SMS gateway on loopback: records what it receives, answers `status`. */
interface Received {
  headers: IncomingMessage['headers'];
  body: { to: string; from: string; text: string };
}
const req = (text: string) => ({
  local: '01012345678',
  international: '201012345678',
  text,
  encoding: 'gsm7' as const,
  parts: 1,
  reference: 'sms-1',
});
let server: Server;
let url: string;
let status = 200;
const received: Received[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    let data = '';
    req.on('data', (c: Buffer) => (data += c.toString()));
    req.on('end', () => {
      received.push({ headers: req.headers, body: JSON.parse(data || '{}') as Received['body'] });
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(status < 300 ? '{"id":"msg-1"}' : '{"error":"rejected"}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/send`;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

describe('HTTP SMS gateway adapter', () => {
  it('posts {to, from, text} as JSON with the bearer token', async () => {
    received.length = 0;
    status = 200;
    const sender = new HttpGateway({ url, token: 'secret-token', senderId: 'Store' });
    await sender.send(req('Your code is 123456'));
    expect(received).toHaveLength(1);
    expect(received[0]!.body).toEqual({ to: '01012345678', from: 'Store', text: 'Your code is 123456' });
    expect(received[0]!.headers.authorization).toBe('Bearer secret-token');
    expect(received[0]!.headers['content-type']).toBe('application/json');
  });

  it('a gateway refusal is a failed send', async () => {
    status = 500;
    const sender = new HttpGateway({ url, token: 't', senderId: 'Store' });
    await expect(sender.send(req('x'))).rejects.toThrow(/HTTP 500/);
    status = 200;
  });

  it("a sign-up's code goes through the gateway (and not to the outbox) when the app is built with it", async () => {
    received.length = 0;
    const t = await createTestApp({
      smsGateways: { primary: new HttpGateway({ url, token: 'tok', senderId: 'Store' }) },
    });
    try {
      const res = await t.app.inject({
        method: 'POST',
        url: '/v1/users?locale=en',
        payload: signUpBody('01012340000'),
      });
      expect(res.statusCode).toBe(201);
      expect(received).toHaveLength(1);
      expect(received[0]!.body.to).toBe('01012340000');
      const code = /\b(\d{6})\b/.exec(received[0]!.body.text)![1]!;
      expect(received[0]!.body.text).toBe(`Your confirmation code is ${code}. It is valid for 10 minutes.`);
      await expect(latestCode(t.app, '01012340000')).rejects.toThrow(/no SMS/);
      const ok = await t.app.inject({
        method: 'PUT',
        url: '/v1/users/confirmations',
        payload: { phone_number: '01012340000', sms_confirmation_otp: code },
      });
      expect(ok.statusCode).toBe(200);
    } finally {
      await t.close();
    }
  });
});
