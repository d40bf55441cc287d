import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { buildReceipt, receiptQrUrl, vatIncludedIn, type ReceiptInput } from './receipt.ts';
import {
  etaSerialize,
  parseEtaJson,
  receiptUuid,
  sha256Hex,
  toEtaJson,
  type EtaDocument,
} from './serialize.ts';

const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8');

describe("the ETA's canonical serialization", () => {
  it("reproduces the ETA's published example byte for byte (fixtures/README.md)", () => {
    const doc = parseEtaJson(fixture('one-doc.json')) as EtaDocument;
    const published = fixture('one-doc-serialized.json.txt');
    const ours = etaSerialize(doc);
    expect(Buffer.from(ours, 'utf8').equals(Buffer.from(published, 'utf8'))).toBe(true);
    expect(ours.length).toBe(5752);
  });

  it("hashes the published example to the SHA-256 that coreutils gives for the ETA's text", () => {
    const doc = parseEtaJson(fixture('one-doc.json')) as EtaDocument;
    expect(sha256Hex(etaSerialize(doc))).toBe(
      'd43fae25b02b7e466fa5aa39e5fa45c7d92661e5b0a0e7964e04783bff3c2651',
    );
  });

  it('keeps number literals as written (10.50 stays 10.50) and names arrays once plus once per element', () => {
    const doc = parseEtaJson('{"a": 10.50, "b": [{"c": 0.00}, {"c": 7}], "d": ""}') as EtaDocument;
    expect(etaSerialize(doc)).toBe('"A""10.50""B""B""C""0.00""B""C""7""D"""');
    // What is sent carries the same literals.
    expect(toEtaJson(doc)).toBe('{"a":10.50,"b":[{"c":0.00},{"c":7}],"d":""}');
  });

  it('refuses a null (the ETA has no rule for it) instead of hashing a guess', () => {
    expect(() => parseEtaJson('{"a": null}')).toThrow(/null/);
    expect(() => etaSerialize({ a: null as unknown as string })).toThrow(/\$\.a is empty/);
  });
});

const seller: ReceiptInput['seller'] = {
  rin: '674859545',
  companyTradeName: 'إيجيبت إلكترونيكس',
  branchCode: '0',
  branchAddress: {
    governate: 'Cairo',
    regionCity: 'Nasr City',
    street: '12 Abbas El Akkad',
    buildingNumber: '12',
  },
  deviceSerialNumber: 'STORE-WEB-1',
  activityCode: '4741',
};

const sale = (previousUuid: string): ReceiptInput => ({
  kind: 'sale',
  receiptNumber: '1001',
  issuedAt: new Date('2026-03-01T10:15:30.123Z'),
  previousUuid,
  seller,
  buyer: { name: 'منى أحمد', mobileNumber: '01012345678' },
  lines: [
    {
      internalCode: '17',
      description: 'غسالة 7 كيلو',
      itemType: 'EGS',
      itemCode: 'EG-674859545-17',
      quantity: 2,
      grossPiastres: 2_280_000,
      vatPiastres: vatIncludedIn(2_280_000, 14),
      vatRate: 14,
    },
  ],
  paymentMethod: 'V',
});

describe('an e-receipt and its uuid', () => {
  it('is the SHA-256 hex of its serialization with its own uuid empty, everything else as sent', () => {
    const { document, uuid } = buildReceipt(sale(''));
    expect(uuid).toMatch(/^[0-9a-f]{64}$/);
    const header = document.header as EtaDocument;
    expect(header.uuid).toBe(uuid);
    const text = etaSerialize({ ...document, header: { ...header, uuid: '' } });
    expect(
      text.startsWith(
        '"HEADER""DATETIMEISSUED""2026-03-01T10:15:30Z""RECEIPTNUMBER""1001""UUID""""PREVIOUSUUID"""',
      ),
    ).toBe(true);
    // Over the UTF-8 bytes (the Arabic names included), as node's hash of the bytes gives.
    expect(uuid).toBe(createHash('sha256').update(Buffer.from(text, 'utf8')).digest('hex'));
    // The receipt as received (its uuid filled in) hashes back to the same uuid, as the ETA checks it.
    expect(receiptUuid(JSON.parse(toEtaJson(document)) as EtaDocument)).toBe(uuid);
  });

  it("carries VAT as T1 and changes its uuid with the previous receipt's", () => {
    const first = buildReceipt(sale(''));
    const second = buildReceipt(sale(first.uuid));
    expect((second.document.header as EtaDocument).previousUUID).toBe(first.uuid);
    expect(second.uuid).not.toBe(first.uuid);
    // 22,800.00 with 14% inside: 2,800.00 VAT, 20,000.00 net.
    expect(second.document.taxTotals).toEqual([{ taxType: 'T1', amount: 2800 }]);
    expect(second.document.netAmount).toBe(20000);
    expect(second.document.totalAmount).toBe(22800);
    const item = (second.document.itemData as EtaDocument[])[0]!;
    expect(item.unitPrice).toBe(10000);
    expect(item.taxableItems).toEqual([{ taxType: 'T1', amount: 2800, subType: 'V009', rate: 14 }]);
  });

  it('makes a return receipt name the sale it returns', () => {
    const saleReceipt = buildReceipt(sale(''));
    const ret = buildReceipt({
      ...sale(saleReceipt.uuid),
      kind: 'return',
      receiptNumber: '1001-R1',
      referenceUuid: saleReceipt.uuid,
    });
    expect(ret.document.documentType).toEqual({ receiptType: 'R', typeVersion: '1.2' });
    expect((ret.document.header as EtaDocument).referenceUUID).toBe(saleReceipt.uuid);
    expect(() => buildReceipt({ ...sale(''), kind: 'return' })).toThrow(/uuid of the sale/);
  });

  it("gives the QR the ETA's template", () => {
    expect(
      receiptQrUrl({
        portalUrl: 'https://invoicing.eta.gov.eg/',
        uuid: 'ab'.repeat(32),
        dateTimeIssued: '2026-03-01T10:15:30Z',
        totalPiastres: 100000,
        rin: '674859545',
      }),
    ).toBe(
      `https://invoicing.eta.gov.eg/receipts/search/${'ab'.repeat(32)}/share/2026-03-01T10:15:30Z#Total:1000.00,IssuerRIN:674859545`,
    );
  });
});
