import { readFileSync } from 'node:fs';
import {
  createServer,
  type IncomingHttpHeaders,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from 'node:http';
import type { AddressInfo } from 'node:net';

/** One answer of a gateway, as recorded from its documentation (adapters/sms/fixtures/<provider>.json). */
export interface RecordedAnswer {
  status: number;
  contentType: string;
  /** A JSON value is sent as JSON, a string as it is. */
  body: unknown;
}

/** What the fake received. `form` for urlencoded bodies, `json` for JSON ones. */
export interface ReceivedRequest {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  raw: string;
  form?: Record<string, string>;
  json?: unknown;
}

/** A provider's recorded answers, by case (success, bad_credentials, no_balance, bad_number, refused_in_200…). */
/** Reads a request to a fake on loopback whole, its body parsed as a form or JSON by its type, then calls `done`. */
export function receiveRequest(req: IncomingMessage, done: (entry: ReceivedRequest) => void) {
  let raw = '';
  req.setEncoding('utf8');
  req.on('data', (c: string) => (raw += c));
  req.on('end', () => {
    const type = req.headers['content-type'] ?? '';
    const entry: ReceivedRequest = {
      method: req.method ?? '',
      url: req.url ?? '',
      headers: req.headers,
      raw,
    };
    if (type.includes('application/x-www-form-urlencoded'))
      entry.form = Object.fromEntries(new URLSearchParams(raw));
    else if (type.includes('json') && raw) entry.json = JSON.parse(raw);
    done(entry);
  });
}

export function recordedAnswers(provider: string): Record<string, RecordedAnswer> & { _source?: string } {
  const file = new URL(`../adapters/sms/fixtures/${provider}.json`, import.meta.url);
  return JSON.parse(readFileSync(file, 'utf8')) as Record<string, RecordedAnswer>;
}

/**
 * A stand-in SMS gateway on loopback (node:http): records every request and replays the answer it is set to, or
 * never answers (`hang`), so a timeout can be seen. `close()` drops hanging connections too.
 */
export class FakeSmsGateway {
  readonly received: ReceivedRequest[] = [];
  private answer: RecordedAnswer | 'hang' = { status: 200, contentType: 'text/plain', body: 'ok' };
  private server!: Server;
  url = '';

  async start() {
    this.server = createServer((req, res) => {
      receiveRequest(req, (entry) => {
        this.received.push(entry);
        this.reply(res);
      });
    });
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  /** The answer every next request gets. */
  answerWith(answer: RecordedAnswer | 'hang') {
    this.answer = answer;
    return this;
  }

  private reply(res: ServerResponse) {
    const a = this.answer;
    if (a === 'hang') return; // no answer at all
    const body = typeof a.body === 'string' ? a.body : JSON.stringify(a.body);
    res.writeHead(a.status, { 'content-type': a.contentType }).end(body);
  }

  async close() {
    this.server.closeAllConnections();
    await new Promise((resolve) => this.server.close(resolve));
  }
}
