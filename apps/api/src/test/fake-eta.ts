import { readFileSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { parseEtaJson, receiptUuid, type EtaDocument } from '../adapters/eta/serialize.ts';

interface RecordedAnswer {
  status: number;
  contentType: string;
  body: unknown;
}

/** The ETA's recorded answers (adapters/eta/fixtures/eta-answers.json; its _source says after which pages). */
export function etaAnswers(): Record<string, RecordedAnswer> {
  const file = new URL('../adapters/eta/fixtures/eta-answers.json', import.meta.url);
  return JSON.parse(readFileSync(file, 'utf8')) as Record<string, RecordedAnswer>;
}

export interface EtaRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  raw: string;
}

type SubmitAnswer = 'accepted' | 'rejected' | 'outage';

/**
 * A stand-in ETA on loopback (node:http): the identity service (/connect/token) and the e-receipt API
 * (/api/v1/receiptsubmissions and its details) in one server, replaying the recorded answers with the received
 * receipt's uuid and number filled in. Like the ETA, it computes each received receipt's uuid again and refuses one
 * that does not match. `submitAnswers` are used in turn (the last one stays); `verdict` is what the details say.
 */
export class FakeEta {
  readonly requests: EtaRequest[] = [];
  /** Every receipt it accepted, as received. */
  readonly accepted: EtaDocument[] = [];
  submitAnswers: SubmitAnswer[] = ['accepted'];
  verdict: 'valid' | 'invalid' = 'valid';
  tokenAnswer: 'token' | 'token_refused' | 'outage' = 'token';
  private readonly answers = etaAnswers();
  /** submissionId → the receipts in it. */
  private readonly submissions = new Map<string, { uuid: string; receiptNumber: string }[]>();
  private server!: Server;
  url = '';

  async start() {
    this.server = createServer((req, res) => {
      let raw = '';
      req.setEncoding('utf8');
      req.on('data', (c: string) => (raw += c));
      req.on('end', () => {
        const path = req.url ?? '';
        this.requests.push({ method: req.method ?? '', path, headers: req.headers, raw });
        const reply = (a: RecordedAnswer, fill: Record<string, string> = {}) => {
          let body = typeof a.body === 'string' ? a.body : JSON.stringify(a.body);
          for (const [k, v] of Object.entries(fill)) body = body.replaceAll(`{{${k}}}`, v);
          res.writeHead(a.status, { 'content-type': a.contentType }).end(body);
        };
        if (req.method === 'POST' && path === '/connect/token') return reply(this.answers[this.tokenAnswer]!);
        if (!/^Bearer \S+/.test(req.headers.authorization ?? '')) return res.writeHead(401).end();
        if (req.method === 'POST' && path === '/api/v1/receiptsubmissions') return this.submit(raw, reply);
        const details = /^\/api\/v1\/receiptsubmissions\/([^/?]+)\/details/.exec(path);
        if (req.method === 'GET' && details) {
          const receipts = this.submissions.get(decodeURIComponent(details[1]!));
          if (!receipts) return res.writeHead(404).end();
          const answer = this.answers[this.verdict === 'valid' ? 'details_valid' : 'details_invalid']!;
          const one = (answer.body as { receipts: unknown[] }).receipts[0];
          const body = {
            ...(answer.body as object),
            receipts: receipts.map((r) =>
              JSON.parse(
                JSON.stringify(one)
                  .replaceAll('{{uuid}}', r.uuid)
                  .replaceAll('{{receiptNumber}}', r.receiptNumber),
              ),
            ),
          };
          return res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
        }
        res.writeHead(404).end();
      });
    });
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  private submit(raw: string, reply: (a: RecordedAnswer, fill?: Record<string, string>) => void) {
    const answer = this.submitAnswers.length > 1 ? this.submitAnswers.shift()! : this.submitAnswers[0]!;
    if (answer === 'outage') return reply(this.answers.outage!);
    const { receipts } = parseEtaJson(raw) as { receipts: EtaDocument[] };
    const r = receipts[0]!;
    const header = r.header as EtaDocument;
    const fill = { uuid: String(header.uuid), receiptNumber: String(header.receiptNumber) };
    // The ETA hashes what it received: a receipt whose uuid is not its own is refused.
    if (answer === 'rejected' || receiptUuid(r) !== header.uuid) return reply(this.answers.rejected!, fill);
    this.accepted.push(r);
    const a = this.answers.accepted!;
    const submissionId = `${(a.body as { submissionId: string }).submissionId}-${this.accepted.length}`;
    this.submissions.set(submissionId, [fill]);
    reply({ ...a, body: { ...(a.body as object), submissionId } }, fill);
  }

  /** The requests to one path (no query). */
  to(path: string) {
    return this.requests.filter((r) => r.path.split('?')[0] === path);
  }

  async close() {
    this.server.closeAllConnections();
    await new Promise((resolve) => this.server.close(resolve));
  }
}
