import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { FakeEta } from '../../test/fake-eta.ts';
import { EtaClient, EtaUnavailable } from './client.ts';
import { buildReceipt, vatIncludedIn } from './receipt.ts';

let eta: FakeEta;
beforeAll(async () => {
  eta = await new FakeEta().start();
});
afterAll(() => eta.close());
beforeEach(() => {
  eta.requests.length = 0;
  eta.submitAnswers = ['accepted'];
  eta.verdict = 'valid';
  eta.tokenAnswer = 'token';
});

const client = () =>
  new EtaClient({
    clientId: 'pos-client',
    clientSecret: 'pos-secret',
    apiUrl: eta.url,
    idUrl: eta.url,
    deviceSerial: 'STORE-WEB-1',
    timeoutMs: 2000,
  });

const receipt = (n: string) =>
  buildReceipt({
    kind: 'sale',
    receiptNumber: n,
    issuedAt: new Date('2026-03-01T10:00:00Z'),
    previousUuid: '',
    seller: {
      rin: '674859545',
      companyTradeName: 'Egypt Electronics',
      branchCode: '0',
      branchAddress: {
        governate: 'Cairo',
        regionCity: 'Nasr City',
        street: 'Abbas El Akkad',
        buildingNumber: '12',
      },
      deviceSerialNumber: 'STORE-WEB-1',
      activityCode: '4741',
    },
    buyer: { name: 'Mona' },
    lines: [
      {
        internalCode: '5',
        description: 'Kettle',
        itemType: 'EGS',
        itemCode: 'EG-674859545-5',
        quantity: 1,
        grossPiastres: 114_00,
        vatPiastres: vatIncludedIn(114_00, 14),
        vatRate: 14,
      },
    ],
    paymentMethod: 'C',
  });

describe('the ETA client', () => {
  it('takes a token by client credentials with the POS serial, and reuses it', async () => {
    const c = client();
    const r = receipt('1');
    await c.submit([r.document]);
    await c.submit([receipt('2').document]);
    const tokens = eta.to('/connect/token');
    expect(tokens).toHaveLength(1);
    expect(Object.fromEntries(new URLSearchParams(tokens[0]!.raw))).toEqual({
      grant_type: 'client_credentials',
      client_id: 'pos-client',
      client_secret: 'pos-secret',
    });
    expect(tokens[0]!.headers.posserial).toBe('STORE-WEB-1');
    const submits = eta.to('/api/v1/receiptsubmissions');
    expect(submits[0]!.headers.authorization).toMatch(/^Bearer eyJ/);
  });

  it('reports an accepted receipt and, later, its verdict', async () => {
    const c = client();
    const r = receipt('7');
    const s = await c.submit([r.document]);
    expect(s.accepted).toEqual([expect.objectContaining({ uuid: r.uuid, receiptNumber: '7' })]);
    expect(s.rejected).toEqual([]);
    expect(await c.verdicts(s.submissionId!)).toEqual([{ uuid: r.uuid, status: 'valid', reasons: [] }]);
    eta.verdict = 'invalid';
    const [v] = await c.verdicts(s.submissionId!);
    expect(v!.status).toBe('invalid');
    expect(v!.reasons[0]).toMatch(
      /T1AmountMismatch: Tax amount does not match .* \(itemData\[0\]\.taxableItems\[0\]\.amount\)/,
    );
  });

  it("reports a rejected receipt with the ETA's reasons", async () => {
    eta.submitAnswers = ['rejected'];
    const r = receipt('8');
    const s = await client().submit([r.document]);
    expect(s.accepted).toEqual([]);
    expect(s.rejected).toEqual([
      {
        uuid: r.uuid,
        receiptNumber: '8',
        reasons: [
          'ValidationError: Validation Error (8)',
          'InvalidItemCode: The item code is not registered for the taxpayer (itemData[0].itemCode)',
        ],
      },
    ]);
  });

  it('says the ETA is unavailable on an outage or a refused token, so the receipt is tried again', async () => {
    eta.submitAnswers = ['outage'];
    await expect(client().submit([receipt('9').document])).rejects.toBeInstanceOf(EtaUnavailable);
    eta.submitAnswers = ['accepted'];
    eta.tokenAnswer = 'token_refused';
    await expect(client().submit([receipt('9').document])).rejects.toThrow(
      /token refused \(HTTP 400, invalid_client\)/,
    );
    const closed = new EtaClient({
      clientId: 'x',
      clientSecret: 'y',
      apiUrl: 'http://127.0.0.1:9',
      idUrl: 'http://127.0.0.1:9',
      deviceSerial: 'S',
      timeoutMs: 500,
    });
    await expect(closed.token()).rejects.toBeInstanceOf(EtaUnavailable);
  });

  it('is refused by the ETA when the uuid is not the hash of what was sent', async () => {
    const r = receipt('10');
    (r.document.header as Record<string, unknown>).receiptNumber = '11';
    const s = await client().submit([r.document]);
    expect(s.rejected).toHaveLength(1);
  });
});
