import { readFileSync } from 'node:fs';
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { receiveRequest, type ReceivedRequest, type RecordedAnswer } from './fake-sms-gateway.ts';

/** A courier's recorded answers (adapters/couriers/fixtures/<courier>.json), by case. */
export function courierRecorded(courier: string): Record<string, RecordedAnswer> {
  const file = new URL(`../adapters/couriers/fixtures/${courier}.json`, import.meta.url);
  return JSON.parse(readFileSync(file, 'utf8')) as Record<string, RecordedAnswer>;
}

/**
 * A stand-in courier API on loopback that answers by path: each path ending set with `on(path, answer)` gets its
 * recorded answer (or none at all: `hang`); any other path 404. Records every request (method, path, headers,
 * JSON or form body), like the SMS gateways' fake, for APIs where one action is two calls (a token, then the call).
 */
export class FakeCourierApi {
  readonly received: ReceivedRequest[] = [];
  private answers = new Map<string, (RecordedAnswer | 'hang')[]>();
  private server!: Server;
  url = '';

  async start() {
    this.server = createServer((req, res) => {
      receiveRequest(req, (entry) => {
        this.received.push(entry);
        this.reply(entry.url.split('?')[0]!, res);
      });
    });
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  /** Requests whose path ends with `path` get these answers in turn, the last one from then on. */
  on(path: string, ...answers: (RecordedAnswer | 'hang')[]) {
    this.answers.set(path, [...answers]);
    return this;
  }

  reset() {
    this.received.length = 0;
    this.answers.clear();
  }

  private reply(path: string, res: ServerResponse) {
    let a: RecordedAnswer | 'hang' | undefined;
    for (const [p, list] of this.answers)
      if (path.toLowerCase().endsWith(p.toLowerCase())) a = list.length > 1 ? list.shift() : list[0];
    if (a === 'hang') return;
    if (!a) return void res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
    const body = typeof a.body === 'string' ? a.body : JSON.stringify(a.body);
    res.writeHead(a.status, { 'content-type': a.contentType }).end(body);
  }

  async close() {
    this.server.closeAllConnections();
    await new Promise((resolve) => this.server.close(resolve));
  }
}
