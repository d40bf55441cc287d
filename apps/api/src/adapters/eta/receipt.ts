/**
 * An e-receipt in the ETA's JSON (receipt type version 1.2), made from the store's figures in piastres, with its
 * uuid (serialize.ts). A sale receipt is type S; a return receipt is type R and names the sale's uuid in
 * header.referenceUUID. Every receipt names the uuid of the receipt before it from the same device (previousUUID;
 * empty for the device's first).
 *
 * Amounts go out in pounds with two decimals at most, as JS numbers (String(1234 / 100) is "12.34"), so the text
 * hashed and the JSON sent carry the same literals. A unit price may need more (a net of 87.72 over 3 units):
 * the ETA takes up to five decimals there.
 *
 * VAT is Egypt's value-added tax, tax type T1: subtype V009 (general sales) at its rate, V003 (exempt) at 0.
 * Shelf prices include it: a line's net is its gross less its VAT, and the VAT is the caller's (from the totals
 * calculator once orders carry it; vatIncludedIn below until then).
 */
import { receiptUuid, type EtaDocument } from './serialize.ts';

export type ReceiptKind = 'sale' | 'return';

export interface ReceiptSeller {
  rin: string;
  companyTradeName: string;
  branchCode: string;
  branchAddress: { governate: string; regionCity: string; street: string; buildingNumber: string };
  deviceSerialNumber: string;
  activityCode: string;
}

export interface ReceiptLine {
  /** The store's own code (the product's id). */
  internalCode: string;
  description: string;
  /** EGS: the taxpayer's code registered with the ETA (EG-<rin>-<code>); GS1: the barcode's GTIN. */
  itemType: 'EGS' | 'GS1';
  itemCode: string;
  /** ETA unit type, EA (each) for goods. */
  unitType?: string;
  quantity: number;
  /** What the shopper pays for the line, VAT included. */
  grossPiastres: number;
  /** The VAT inside it. */
  vatPiastres: number;
  /** Percent: 14 standard, 0 exempt. */
  vatRate: number;
}

export interface ReceiptInput {
  kind: ReceiptKind;
  receiptNumber: string;
  issuedAt: Date;
  /** The uuid of the device's previous receipt ('' for its first). */
  previousUuid: string;
  /** A return: the uuid of the sale it returns. */
  referenceUuid?: string;
  seller: ReceiptSeller;
  buyer: { name?: string; mobileNumber?: string; nationalId?: string };
  lines: ReceiptLine[];
  /** C cash, V card (ETA payment method codes). */
  paymentMethod: 'C' | 'V';
}

const egp = (piastres: number) => piastres / 100;
/** At most five decimals, as a number whose String() has no float noise. */
const five = (v: number) => Number(v.toFixed(5));

/**
 * The VAT inside a VAT-inclusive amount at a rate (percent), to the piastre: 114.00 at 14% holds 14.00. Used until
 * the order lines carry their VAT from the totals calculator.
 */
export function vatIncludedIn(grossPiastres: number, ratePercent: number): number {
  if (ratePercent <= 0) return 0;
  return Math.round((grossPiastres * ratePercent) / (100 + ratePercent));
}

/** ETA time: UTC to the second with Z (2026-01-05T10:00:00Z). */
export const etaDateTime = (d: Date) => d.toISOString().replace(/\.\d{3}Z$/, 'Z');

/** The receipt document with its uuid set (and the uuid alone, for the chain). */
export function buildReceipt(input: ReceiptInput): { document: EtaDocument; uuid: string } {
  if (input.lines.length === 0) throw new Error('ETA receipt: a receipt needs at least one line');
  if (input.kind === 'return' && !input.referenceUuid)
    throw new Error('ETA receipt: a return receipt needs the uuid of the sale it returns');
  const header: EtaDocument = {
    dateTimeIssued: etaDateTime(input.issuedAt),
    receiptNumber: input.receiptNumber,
    uuid: '',
    previousUUID: input.previousUuid,
  };
  if (input.kind === 'return') header.referenceUUID = input.referenceUuid!;
  header.currency = 'EGP';
  header.exchangeRate = 0;

  const buyer: EtaDocument = { type: 'P' };
  if (input.buyer.nationalId) buyer.id = input.buyer.nationalId;
  if (input.buyer.name) buyer.name = input.buyer.name;
  if (input.buyer.mobileNumber) buyer.mobileNumber = input.buyer.mobileNumber;

  let totalNet = 0;
  let totalVat = 0;
  let totalGross = 0;
  const itemData = input.lines.map((l): EtaDocument => {
    if (!(l.quantity > 0)) throw new Error(`ETA receipt: line ${l.internalCode} has no quantity`);
    const net = l.grossPiastres - l.vatPiastres;
    totalNet += net;
    totalVat += l.vatPiastres;
    totalGross += l.grossPiastres;
    return {
      internalCode: l.internalCode,
      description: l.description,
      itemType: l.itemType,
      itemCode: l.itemCode,
      unitType: l.unitType ?? 'EA',
      quantity: l.quantity,
      unitPrice: five(egp(net) / l.quantity),
      netSale: egp(net),
      totalSale: egp(net),
      total: egp(l.grossPiastres),
      taxableItems: [
        {
          taxType: 'T1',
          amount: egp(l.vatPiastres),
          subType: l.vatRate > 0 ? 'V009' : 'V003',
          rate: l.vatRate,
        },
      ],
    };
  });

  const document: EtaDocument = {
    header,
    documentType: { receiptType: input.kind === 'sale' ? 'S' : 'R', typeVersion: '1.2' },
    seller: {
      rin: input.seller.rin,
      companyTradeName: input.seller.companyTradeName,
      branchCode: input.seller.branchCode,
      branchAddress: { country: 'EG', ...input.seller.branchAddress },
      deviceSerialNumber: input.seller.deviceSerialNumber,
      activityCode: input.seller.activityCode,
    },
    buyer,
    itemData,
    totalSales: egp(totalNet),
    totalCommercialDiscount: 0,
    netAmount: egp(totalNet),
    totalAmount: egp(totalGross),
    taxTotals: [{ taxType: 'T1', amount: egp(totalVat) }],
    paymentMethod: input.paymentMethod,
  };
  const uuid = receiptUuid(document);
  (document.header as EtaDocument).uuid = uuid;
  return { document, uuid };
}

/**
 * What the printed receipt's QR holds (Receipt Issuance FAQ, QR code template):
 * {portal}/receipts/search/{uuid}/share/{dateTimeIssued}#Total:{total},IssuerRIN:{rin}.
 */
export function receiptQrUrl(p: {
  portalUrl: string;
  uuid: string;
  dateTimeIssued: string;
  totalPiastres: number;
  rin: string;
}): string {
  const base = p.portalUrl.replace(/\/+$/, '');
  return `${base}/receipts/search/${p.uuid}/share/${p.dateTimeIssued}#Total:${(p.totalPiastres / 100).toFixed(2)},IssuerRIN:${p.rin}`;
}
