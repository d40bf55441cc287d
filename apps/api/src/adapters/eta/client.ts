/**
 * The ETA's e-receipt API: a token by OAuth client credentials (POST {ETA_ID_URL}/connect/token, the POS's serial
 * in the posserial header), receipts submitted (POST {ETA_URL}/api/v1/receiptsubmissions) and the submission's
 * verdicts read back (GET {ETA_URL}/api/v1/receiptsubmissions/{id}/details).
 *
 * What the ETA says is kept apart from not reaching it: a receipt it accepted or rejected comes back as such (with
 * its reasons); an outage (no answer in time, a 5xx, a refused token, an answer that is not the ETA's shape) throws
 * EtaUnavailable, which the caller retries with the very same document (its uuid is in the chain already).
 */
import { toEtaJson, type EtaDocument } from './serialize.ts';

export interface EtaClientOptions {
  clientId: string;
  clientSecret: string;
  /** ETA_URL, without a trailing slash. */
  apiUrl: string;
  /** ETA_ID_URL, without a trailing slash. */
  idUrl: string;
  deviceSerial: string;
  timeoutMs?: number;
  now?: () => Date;
  fetch?: typeof fetch;
}

/** The ETA could not be reached or did not answer as the ETA: try again later, with the same document. */
export class EtaUnavailable extends Error {
  override name = 'EtaUnavailable';
}

export interface EtaSubmission {
  submissionId: string | null;
  accepted: { uuid: string; receiptNumber: string; longId?: string }[];
  rejected: { uuid: string; receiptNumber: string; reasons: string[] }[];
}

export type EtaVerdict = { uuid: string; status: 'valid' | 'invalid' | 'submitted'; reasons: string[] };

interface EtaErrorBody {
  code?: string;
  message?: string;
  target?: string;
  propertyPath?: string;
  details?: EtaErrorBody[];
}

/** The ETA's error object as sentences: "code: message (where)", its details after it. */
export function reasonsOf(error: EtaErrorBody | undefined | null): string[] {
  if (!error || typeof error !== 'object') return [];
  const one = (e: EtaErrorBody) => {
    const where = e.propertyPath ?? e.target;
    return [e.code, e.message].filter(Boolean).join(': ') + (where ? ` (${where})` : '');
  };
  const details = Array.isArray(error.details) ? error.details : [];
  const own = error.message || error.code ? [one(error)] : [];
  return [...own, ...details.map(one)].filter((r) => r.trim() !== '');
}

const DEFAULT_TIMEOUT_MS = 20_000;

export class EtaClient {
  private cached: { token: string; until: number } | null = null;
  private readonly fetchImpl: typeof fetch;
  private readonly now: () => Date;

  constructor(private readonly o: EtaClientOptions) {
    this.fetchImpl = o.fetch ?? fetch;
    this.now = o.now ?? (() => new Date());
  }

  private async call(url: string, init: RequestInit): Promise<{ status: number; body: unknown }> {
    let res: Response;
    try {
      res = await this.fetchImpl(url, {
        ...init,
        signal: AbortSignal.timeout(this.o.timeoutMs ?? DEFAULT_TIMEOUT_MS),
      });
    } catch (err) {
      const why = err instanceof Error && err.name === 'TimeoutError' ? 'no answer in time' : 'not reached';
      throw new EtaUnavailable(`ETA ${new URL(url).pathname}: ${why}`, { cause: err });
    }
    const text = await res.text().catch(() => '');
    let body: unknown;
    try {
      body = text ? JSON.parse(text) : null;
    } catch {
      body = text;
    }
    return { status: res.status, body };
  }

  /** A token, reused until a minute before it expires. */
  async token(): Promise<string> {
    const now = this.now().getTime();
    if (this.cached && this.cached.until > now) return this.cached.token;
    const { status, body } = await this.call(`${this.o.idUrl}/connect/token`, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        posserial: this.o.deviceSerial,
        pososversion: 'web',
      },
      body: new URLSearchParams({
        grant_type: 'client_credentials',
        client_id: this.o.clientId,
        client_secret: this.o.clientSecret,
      }).toString(),
    });
    const b = (body ?? {}) as { access_token?: unknown; expires_in?: unknown; error?: unknown };
    if (status !== 200 || typeof b.access_token !== 'string')
      // A refused token (wrong secret, a POS not activated) stops every receipt: retried, and the log says why.
      throw new EtaUnavailable(
        `ETA token refused (HTTP ${status}${typeof b.error === 'string' ? `, ${b.error}` : ''})`,
      );
    const seconds = typeof b.expires_in === 'number' ? b.expires_in : 3600;
    this.cached = { token: b.access_token, until: now + Math.max(0, seconds - 60) * 1000 };
    return b.access_token;
  }

  private async authed(url: string, init: RequestInit) {
    const send = async () =>
      this.call(url, {
        ...init,
        headers: {
          ...(init.headers as Record<string, string>),
          authorization: `Bearer ${await this.token()}`,
        },
      });
    let res = await send();
    if (res.status === 401) {
      // The token ran out early (or was revoked): one more try with a new one.
      this.cached = null;
      res = await send();
    }
    return res;
  }

  /** Submits receipts (as built, uuid set): what the ETA accepted and rejected, with its reasons. */
  async submit(receipts: EtaDocument[]): Promise<EtaSubmission> {
    const { status, body } = await this.authed(`${this.o.apiUrl}/api/v1/receiptsubmissions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: toEtaJson({ receipts }),
    });
    if (status >= 500 || status === 429 || status === 401 || status === 403)
      throw new EtaUnavailable(`ETA receipt submission: HTTP ${status}`);
    const b = (body ?? {}) as {
      submissionId?: string;
      acceptedDocuments?: { uuid: string; receiptNumber: string; longId?: string }[];
      rejectedDocuments?: { uuid: string; receiptNumber: string; error?: EtaErrorBody }[];
      error?: EtaErrorBody;
    };
    if (status >= 400) {
      // The whole submission refused (its structure): every receipt in it, with the ETA's reasons.
      const reasons = reasonsOf(b.error ?? (b as EtaErrorBody));
      const all = receipts.map((r) => {
        const h = r.header as EtaDocument;
        return {
          uuid: String(h.uuid),
          receiptNumber: String(h.receiptNumber),
          reasons: reasons.length ? reasons : [`HTTP ${status}`],
        };
      });
      return { submissionId: null, accepted: [], rejected: all };
    }
    if (!Array.isArray(b.acceptedDocuments) && !Array.isArray(b.rejectedDocuments))
      throw new EtaUnavailable(`ETA receipt submission: an answer without accepted or rejected receipts`);
    return {
      submissionId: b.submissionId ?? null,
      accepted: (b.acceptedDocuments ?? []).map((d) => ({
        uuid: d.uuid,
        receiptNumber: d.receiptNumber,
        longId: d.longId,
      })),
      rejected: (b.rejectedDocuments ?? []).map((d) => ({
        uuid: d.uuid,
        receiptNumber: d.receiptNumber,
        reasons: reasonsOf(d.error),
      })),
    };
  }

  /** The verdict on each receipt of a submission (Valid, Invalid with its reasons; still in progress: submitted). */
  async verdicts(submissionId: string): Promise<EtaVerdict[]> {
    const { status, body } = await this.authed(
      `${this.o.apiUrl}/api/v1/receiptsubmissions/${encodeURIComponent(submissionId)}/details?PageNo=1&PageSize=100`,
      { method: 'GET', headers: { accept: 'application/json' } },
    );
    if (status !== 200) throw new EtaUnavailable(`ETA submission details: HTTP ${status}`);
    const b = (body ?? {}) as {
      receipts?: { uuid: string; status?: string; errors?: EtaErrorBody[]; error?: EtaErrorBody }[];
    };
    if (!Array.isArray(b.receipts))
      throw new EtaUnavailable('ETA submission details: no receipts in the answer');
    return b.receipts.map((r) => {
      const s = (r.status ?? '').toLowerCase();
      return {
        uuid: r.uuid,
        status: s === 'valid' ? 'valid' : s === 'invalid' ? 'invalid' : 'submitted',
        reasons: [...(r.errors ?? []).flatMap(reasonsOf), ...reasonsOf(r.error)],
      };
    });
  }
}
