import { readFileSync } from 'node:fs';
import { FakeSmsGateway, type RecordedAnswer } from './fake-sms-gateway.ts';

type Webhooks = Record<string, Record<string, unknown>>;

/** Bosta's recorded answers and webhook bodies (adapters/couriers/fixtures/bosta.json). */
export function bostaRecorded(): Record<string, RecordedAnswer> & { webhooks: Webhooks } {
  const file = new URL('../adapters/couriers/fixtures/bosta.json', import.meta.url);
  return JSON.parse(readFileSync(file, 'utf8')) as Record<string, RecordedAnswer> & { webhooks: Webhooks };
}

/**
 * A stand-in Bosta on loopback: records every request (method, path, headers, JSON body) and replays the recorded
 * answer it is set to, or never answers (`hang`). Same machinery as the SMS gateways' fake.
 */
export class FakeBosta extends FakeSmsGateway {}
