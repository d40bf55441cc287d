/**
 * Egypt's e-receipts (issue 47): each confirmed order's sale, and each return, becomes a receipt sent to the Tax
 * Authority, chained to the receipt before it.
 *
 * issueReceipt (called from the outbox, at least once) first writes the receipt in one transaction: it takes the
 * chain's lock (an advisory lock held until the commit), reads the last receipt's uuid as its previousUUID, builds the
 * receipt and its uuid, and stores the JSON exactly as it will be sent. Two receipts are never chained to the same
 * previous one (the lock, and previous_uuid is unique), and one order's sale is written once (dedupe_key). Then,
 * outside any transaction, it sends every receipt not yet taken by the ETA, oldest first, each claimed for two
 * minutes so that two instances never send the same one. An outage marks the receipt failed (attempts counted, its
 * error kept) and stops there, so no later receipt overtakes it; the throw makes the outbox try again later, and
 * retryReceipts (a periodic job) does the same for any receipt left behind. A receipt is always sent again as it
 * was stored: its uuid is in the chain and cannot change. Nothing is lost.
 *
 * The ETA's verdict comes later: refreshVerdicts reads it for submitted receipts (valid, or invalid with reasons).
 */
import { vatInside } from '@store/contracts';
import { and, asc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import { etaReceipts, orderProducts, orders, products, users } from '../../db/schema.ts';
import type { Clock } from '../../lib/clock.ts';
import { EtaClient, EtaUnavailable } from '../../adapters/eta/client.ts';
import {
  buildReceipt,
  receiptQrUrl,
  type ReceiptKind,
  type ReceiptLine,
  type ReceiptSeller,
} from '../../adapters/eta/receipt.ts';
import { branchAddress, type EtaSettings } from '../../adapters/eta/settings.ts';
import { invoiceSeller } from '../../lib/seller.ts';
import { toEtaJson, type EtaDocument } from '../../adapters/eta/serialize.ts';

/** Egypt's standard VAT rate (percent), inside shelf prices (a product's own rate: products.vat_rate_bp). */
export const STANDARD_VAT_RATE = 14;
/** The chain's lock: one receipt is chained at a time, over every instance. */
const CHAIN_LOCK = 4_704_701;
const CLAIM_SECONDS = 120;

export interface EtaReceiptSetup {
  client: Pick<EtaClient, 'submit' | 'verdicts'>;
  seller: ReceiptSeller;
  /** The ETA's portal, where a receipt's QR leads (from ETA_URL: api.invoicing… → invoicing…). */
  portalUrl?: string;
}

/** The portal of an ETA API address: https://api.preprod.invoicing.eta.gov.eg → https://preprod.invoicing.eta.gov.eg. */
export const etaPortalOf = (apiUrl: string) => {
  const u = new URL(apiUrl);
  u.hostname = u.hostname.replace(/^api\./, '');
  return u.origin;
};

export interface ReceiptsContext {
  db: Db;
  clock: Clock;
  /** Null when ETA_RECEIPTS is off. */
  eta: EtaReceiptSetup | null;
  log: { error(obj: object, msg: string): void };
}

/** The e-receipts' client and seller from the settings; null when ETA_RECEIPTS is off. */
export function etaReceiptSetup(
  s: EtaSettings & { STORE_LEGAL_NAME?: string },
  opts: { fetch?: typeof fetch; now?: () => Date } = {},
): EtaReceiptSetup | null {
  if (s.ETA_RECEIPTS !== 'on') return null;
  return {
    client: new EtaClient({
      clientId: s.ETA_CLIENT_ID!,
      clientSecret: s.ETA_CLIENT_SECRET!,
      apiUrl: s.ETA_URL,
      idUrl: s.ETA_ID_URL,
      deviceSerial: s.ETA_DEVICE_SERIAL!,
      fetch: opts.fetch,
      now: opts.now,
    }),
    portalUrl: etaPortalOf(s.ETA_URL),
    seller: {
      rin: s.ETA_RIN!,
      // The invoices' seller (one legal name everywhere): STORE_LEGAL_NAME, else the demo's.
      companyTradeName: invoiceSeller(s).legalName,
      branchCode: s.ETA_BRANCH_CODE!,
      branchAddress: branchAddress(s.ETA_BRANCH_ADDRESS!),
      deviceSerialNumber: s.ETA_DEVICE_SERIAL!,
      activityCode: s.ETA_ACTIVITY_CODE!,
    },
  };
}

export type ReceiptRow = typeof etaReceipts.$inferSelect;

/**
 * A line of a return: which product, how many units, and what its credit note gave back (gross and VAT, piastres;
 * absent: the units' share of the line's own amounts).
 */
export interface ReturnedUnits {
  productId: number;
  quantity: number;
  grossPiastres?: number;
  vatPiastres?: number;
}

/**
 * The EGS code of a product: the taxpayer's own code registered with the ETA, EG-<rin>-<code>, here the product's id.
 * (A product with a GS1 barcode registered instead would be sent as GS1; products carry no barcode yet.)
 */
export const egsCode = (rin: string, productId: number) => `EG-${rin}-${productId}`;

async function orderFacts(tx: DbOrTx, orderId: number) {
  const [o] = await tx
    .select({
      id: orders.id,
      number: orders.orderNumber,
      invoiceNumber: orders.invoiceNumber,
      paymentMethod: orders.paymentMethod,
      shipping: orders.shippingFeesPiastres,
      shippingVat: orders.shippingVatPiastres,
      firstName: users.firstName,
      lastName: users.lastName,
      phone: users.phoneNumber,
      nationalId: orders.nationalId,
    })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .where(eq(orders.id, orderId));
  if (!o) throw new Error(`e-receipt: order ${orderId} does not exist`);
  const lines = await tx
    .select({
      productId: orderProducts.productId,
      quantity: orderProducts.quantity,
      refunded: orderProducts.refundedQuantity,
      price: orderProducts.checkoutPricePiastres,
      vatRateBp: orderProducts.vatRateBp,
      vat: orderProducts.vatPiastres,
      gross: orderProducts.grossPiastres,
      titleAr: products.titleAr,
      titleEn: products.titleEn,
    })
    .from(orderProducts)
    .innerJoin(products, eq(products.id, orderProducts.productId))
    .where(eq(orderProducts.orderId, orderId))
    .orderBy(asc(orderProducts.id));
  return { ...o, lines };
}

/**
 * The receipt's lines: each product at the price paid with the VAT its order line keeps (net, VAT and gross from the
 * one totals calculator at checkout, at the product's rate), so T1 is the order's VAT; a return's lines carry what
 * its credit note gave back. The delivery fee is a line of its own on a sale (and on a return that gives it back),
 * with the VAT its order recorded (DELIVERY_FEE_TAXED).
 */
function receiptLines(
  rin: string,
  facts: Awaited<ReturnType<typeof orderFacts>>,
  kind: ReceiptKind,
  returned?: ReturnedUnits[],
  returnedShipping?: { grossPiastres: number; vatPiastres: number },
): ReceiptLine[] {
  const lines: ReceiptLine[] = [];
  for (const l of facts.lines) {
    const back = returned?.find((r) => r.productId === l.productId);
    const units = kind === 'sale' ? l.quantity : (back?.quantity ?? 0);
    if (units <= 0) continue;
    // A line written without its VAT (none is, since checkout records it): the standard rate inside its price.
    const lineGross = l.gross ?? (l.price ?? 0) * l.quantity;
    const rate = l.vatRateBp ?? STANDARD_VAT_RATE * 100;
    const lineVat = l.vat ?? vatInside(lineGross, rate);
    const whole = units >= l.quantity;
    const gross =
      kind === 'return' && back?.grossPiastres !== undefined
        ? back.grossPiastres
        : whole
          ? lineGross
          : (l.price ?? 0) * units;
    const vat =
      kind === 'return' && back?.vatPiastres !== undefined
        ? back.vatPiastres
        : whole
          ? lineVat
          : Math.round((lineVat * units) / Math.max(1, l.quantity));
    lines.push({
      internalCode: String(l.productId),
      description: l.titleAr || l.titleEn,
      itemType: 'EGS',
      itemCode: egsCode(rin, l.productId),
      quantity: units,
      grossPiastres: gross,
      vatPiastres: vat,
      vatRate: rate / 100,
    });
  }
  const shipping =
    kind === 'sale'
      ? { grossPiastres: facts.shipping, vatPiastres: facts.shippingVat }
      : (returnedShipping ?? { grossPiastres: 0, vatPiastres: 0 });
  if (shipping.grossPiastres > 0)
    lines.push({
      internalCode: 'delivery',
      description: 'توصيل',
      itemType: 'EGS',
      itemCode: egsCode(rin, 0),
      unitType: 'EA',
      quantity: 1,
      grossPiastres: shipping.grossPiastres,
      vatPiastres: shipping.vatPiastres,
      vatRate: shipping.vatPiastres > 0 ? STANDARD_VAT_RATE : 0,
    });
  return lines;
}

/** What a receipt is made of besides its order: its dedupe key, and a return's units and delivery fee. */
export interface ReceiptOptions {
  key?: string;
  returned?: ReturnedUnits[];
  shipping?: { grossPiastres: number; vatPiastres: number };
}

/**
 * Writes the order's receipt (once per dedupe key) chained to the last one, in one transaction. Exported for tests;
 * callers use issueReceipt.
 */
export async function chainReceipt(
  ctx: Pick<ReceiptsContext, 'db' | 'clock'> & { eta: EtaReceiptSetup },
  orderId: number,
  kind: ReceiptKind,
  opts: ReceiptOptions = {},
): Promise<ReceiptRow> {
  const dedupeKey = opts.key ?? `${kind}:${orderId}`;
  return ctx.db.transaction(async (tx) => {
    const [existing] = await tx.select().from(etaReceipts).where(eq(etaReceipts.dedupeKey, dedupeKey));
    if (existing) return existing;
    // One receipt chained at a time: the next waits here until this one's transaction ends.
    await tx.execute(sql`select pg_advisory_xact_lock(${CHAIN_LOCK})`);
    const [again] = await tx.select().from(etaReceipts).where(eq(etaReceipts.dedupeKey, dedupeKey));
    if (again) return again;
    const facts = await orderFacts(tx, orderId);
    let referenceUuid: string | undefined;
    let returned = opts.returned;
    if (kind === 'return') {
      const [sale] = await tx
        .select({ uuid: etaReceipts.uuid })
        .from(etaReceipts)
        .where(eq(etaReceipts.dedupeKey, `sale:${orderId}`));
      if (!sale) throw new Error(`e-receipt: order ${orderId} has no sale receipt to return against`);
      referenceUuid = sale.uuid;
      returned ??= facts.lines.map((l) => ({ productId: l.productId, quantity: l.refunded || l.quantity }));
    }
    const lines = receiptLines(ctx.eta.seller.rin, facts, kind, returned, opts.shipping);
    if (lines.length === 0)
      throw new Error(`e-receipt: order ${orderId} has nothing to put on a ${kind} receipt`);
    const [last] = await tx
      .select({ uuid: etaReceipts.uuid })
      .from(etaReceipts)
      .orderBy(sql`${etaReceipts.id} desc`)
      .limit(1);
    const [{ n }] = (
      (await tx.execute(
        sql`select count(*)::int as n from eta_receipts where order_id = ${orderId} and kind = ${kind}`,
      )) as unknown as { rows: { n: number }[] }
    ).rows as [{ n: number }];
    // The receipt is the invoice's: its number (an order written without one: the order's number).
    const base = facts.invoiceNumber ?? String(facts.number ?? orderId);
    const receiptNumber = kind === 'sale' ? base : `${base}-R${Number(n) + 1}`;
    const now = ctx.clock.now();
    const { document, uuid } = buildReceipt({
      kind,
      receiptNumber,
      issuedAt: now,
      previousUuid: last?.uuid ?? '',
      referenceUuid,
      seller: ctx.eta.seller,
      buyer: {
        name: `${facts.firstName} ${facts.lastName}`.trim(),
        mobileNumber: facts.phone,
        nationalId: facts.nationalId ?? undefined,
      },
      lines,
      paymentMethod: facts.paymentMethod === 'cash' ? 'C' : 'V',
    });
    const [row] = await tx
      .insert(etaReceipts)
      .values({
        orderId,
        kind,
        dedupeKey,
        receiptNumber,
        uuid,
        previousUuid: last?.uuid ?? '',
        referenceUuid: referenceUuid ?? null,
        document: toEtaJson(document),
        status: 'pending',
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    return row!;
  });
}

/** Claims the receipts not yet taken by the ETA (pending or failed), oldest first, for CLAIM_SECONDS. */
async function claimUnsent(ctx: Pick<ReceiptsContext, 'db' | 'clock'>): Promise<ReceiptRow[]> {
  const now = ctx.clock.now();
  const until = new Date(now.getTime() + CLAIM_SECONDS * 1000);
  const res = (await ctx.db.execute(sql`
    update eta_receipts set locked_until = ${until.toISOString()}::timestamptz
    where id in (
      select id from eta_receipts
      where status in ('pending', 'failed')
        and (locked_until is null or locked_until <= ${now.toISOString()}::timestamptz)
      order by id
      for update skip locked)
    returning id`)) as unknown as { rows: { id: number }[] };
  const ids = res.rows.map((r) => Number(r.id));
  if (!ids.length) return [];
  return ctx.db.select().from(etaReceipts).where(inArray(etaReceipts.id, ids)).orderBy(asc(etaReceipts.id));
}

/**
 * Sends every receipt the ETA has not taken yet, oldest first; stops at the first that cannot reach it (kept as
 * failed, retried later). Returns what happened to each.
 */
export async function submitUnsent(ctx: ReceiptsContext): Promise<{ id: number; status: string }[]> {
  if (!ctx.eta) return [];
  const done: { id: number; status: string }[] = [];
  const claimed = await claimUnsent(ctx);
  for (let i = 0; i < claimed.length; i++) {
    const r = claimed[i]!;
    const now = () => ctx.clock.now();
    try {
      const result = await ctx.eta.client.submit([JSON.parse(r.document) as EtaDocument]);
      const rejected = result.rejected.find((x) => x.uuid === r.uuid || x.receiptNumber === r.receiptNumber);
      const accepted = result.accepted.find((x) => x.uuid === r.uuid);
      const status = accepted ? 'submitted' : 'invalid';
      await ctx.db
        .update(etaReceipts)
        .set({
          status,
          submissionId: result.submissionId,
          reasons: accepted ? [] : (rejected?.reasons ?? ['the ETA did not list this receipt']),
          attempts: sql`${etaReceipts.attempts} + 1`,
          lastError: null,
          lockedUntil: null,
          updatedAt: now(),
        })
        .where(eq(etaReceipts.id, r.id));
      done.push({ id: r.id, status });
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      await ctx.db
        .update(etaReceipts)
        .set({
          status: 'failed',
          attempts: sql`${etaReceipts.attempts} + 1`,
          lastError: message.slice(0, 500),
          lockedUntil: null,
          updatedAt: now(),
        })
        .where(eq(etaReceipts.id, r.id));
      done.push({ id: r.id, status: 'failed' });
      ctx.log.error({ receipt: r.id, order: r.orderId, error: message }, 'e-receipt not sent');
      // The later ones wait for it (the chain goes in order): give them back at once.
      const rest = claimed.slice(i + 1).map((x) => x.id);
      if (rest.length)
        await ctx.db.update(etaReceipts).set({ lockedUntil: null }).where(inArray(etaReceipts.id, rest));
      if (!(err instanceof EtaUnavailable)) throw err;
      break;
    }
  }
  return done;
}

/** Reads the ETA's verdict on the receipts it took: valid, or invalid with its reasons. */
export async function refreshVerdicts(ctx: ReceiptsContext): Promise<number> {
  if (!ctx.eta) return 0;
  const open = await ctx.db
    .select({ id: etaReceipts.id, uuid: etaReceipts.uuid, submissionId: etaReceipts.submissionId })
    .from(etaReceipts)
    .where(and(eq(etaReceipts.status, 'submitted'), isNotNull(etaReceipts.submissionId)))
    .orderBy(asc(etaReceipts.id))
    .limit(100);
  let changed = 0;
  const bySubmission = new Map<string, { id: number; uuid: string }[]>();
  for (const r of open) bySubmission.set(r.submissionId!, [...(bySubmission.get(r.submissionId!) ?? []), r]);
  for (const [submissionId, rows] of bySubmission) {
    const verdicts = await ctx.eta.client.verdicts(submissionId);
    for (const r of rows) {
      const v = verdicts.find((x) => x.uuid === r.uuid);
      if (!v || v.status === 'submitted') continue;
      await ctx.db
        .update(etaReceipts)
        .set({ status: v.status, reasons: v.reasons, updatedAt: ctx.clock.now() })
        .where(and(eq(etaReceipts.id, r.id), eq(etaReceipts.status, 'submitted')));
      changed++;
    }
  }
  return changed;
}

/**
 * The order's receipt of this kind, written once and sent. For the outbox: a receipt the ETA could not be reached
 * for throws (EtaUnavailable), so the event is tried again; it is already stored and is sent again as it is.
 * Does nothing with ETA_RECEIPTS off.
 */
export async function issueReceipt(
  ctx: ReceiptsContext,
  orderId: number,
  kind: ReceiptKind,
  opts: ReceiptOptions = {},
): Promise<ReceiptRow | null> {
  if (!ctx.eta) return null;
  const row = await chainReceipt({ ...ctx, eta: ctx.eta }, orderId, kind, opts);
  if (row.status === 'pending' || row.status === 'failed') {
    const results = await submitUnsent(ctx);
    const mine = results.find((r) => r.id === row.id);
    if (mine?.status === 'failed' || (!mine && results.some((r) => r.status === 'failed')))
      throw new EtaUnavailable(`e-receipt ${row.receiptNumber} not sent yet (the ETA was not reached)`);
  }
  const [now] = await ctx.db.select().from(etaReceipts).where(eq(etaReceipts.id, row.id));
  return now!;
}

/** The periodic job: sends what is left unsent, then reads verdicts. Never throws (the next run tries again). */
export async function retryReceipts(ctx: ReceiptsContext): Promise<void> {
  if (!ctx.eta) return;
  await submitUnsent(ctx).catch((err: unknown) =>
    ctx.log.error({ error: err instanceof Error ? err.message : String(err) }, 'e-receipts retry failed'),
  );
  await refreshVerdicts(ctx).catch((err: unknown) =>
    ctx.log.error({ error: err instanceof Error ? err.message : String(err) }, 'e-receipt verdicts failed'),
  );
}

/**
 * The order event's hook (wire it where the outbox handles an order turning confirmed, with ctx.eta from
 * etaReceiptSetup(config)): the order's sale receipt. Nothing with ETA_RECEIPTS off.
 */
export const issueSaleReceiptOnOrderConfirmed = (ctx: ReceiptsContext, orderId: number) =>
  issueReceipt(ctx, orderId, 'sale');

/** The receipts of an order, oldest first (the back office's view of it). */
export const receiptsOfOrder = (db: DbOrTx, orderId: number) =>
  db.select().from(etaReceipts).where(eq(etaReceipts.orderId, orderId)).orderBy(asc(etaReceipts.id));

/**
 * A credit note's e-receipt (the outbox's `credit_note.issued`): the return of its units (and delivery fee), naming
 * the order's sale receipt. Nothing when the order has no sale receipt (ETA_RECEIPTS was off when it was confirmed)
 * or with ETA_RECEIPTS off.
 */
export async function issueReturnReceipt(
  ctx: ReceiptsContext,
  note: {
    orderId: number;
    number: string;
    lines: { productId: number; quantity: number; grossPiastres: number; vatPiastres: number }[];
    shippingPiastres: number;
    shippingVatPiastres: number;
  },
): Promise<ReceiptRow | null> {
  if (!ctx.eta) return null;
  const [sale] = await ctx.db
    .select({ id: etaReceipts.id })
    .from(etaReceipts)
    .where(eq(etaReceipts.dedupeKey, `sale:${note.orderId}`));
  if (!sale) return null;
  return issueReceipt(ctx, note.orderId, 'return', {
    key: `return:${note.orderId}:${note.number}`,
    returned: note.lines,
    shipping: { grossPiastres: note.shippingPiastres, vatPiastres: note.shippingVatPiastres },
  });
}

/** The ETA's page of a receipt, as its QR holds it (the portal, its uuid, when it was issued, its total, the RIN). */
export function receiptUrl(setup: Pick<EtaReceiptSetup, 'portalUrl'> | null, row: ReceiptRow): string {
  const doc = JSON.parse(row.document) as {
    header?: { dateTimeIssued?: string };
    seller?: { rin?: string };
    totalAmount?: number;
  };
  return receiptQrUrl({
    portalUrl: setup?.portalUrl ?? 'https://invoicing.eta.gov.eg',
    uuid: row.uuid,
    dateTimeIssued: doc.header?.dateTimeIssued ?? '',
    totalPiastres: Math.round(Number(doc.totalAmount ?? 0) * 100),
    rin: doc.seller?.rin ?? '',
  });
}

/**
 * Staff send a receipt again (the back office's resubmit): one the ETA rejected (after its cause was fixed, e.g. the
 * item codes registered on the portal) or could not be reached for. It goes again exactly as it was stored (its uuid
 * is in the chain). Returns the receipt as it stands after the try; null when there is no such receipt of the
 * order; throws 'not_resubmittable' for one that is pending, submitted or valid.
 */
export async function resubmitReceipt(
  ctx: ReceiptsContext,
  orderId: number,
  receiptId: number,
): Promise<ReceiptRow | null> {
  const [row] = await ctx.db
    .select()
    .from(etaReceipts)
    .where(and(eq(etaReceipts.id, receiptId), eq(etaReceipts.orderId, orderId)));
  if (!row) return null;
  if (!ctx.eta) throw new Error('e_receipts_off');
  if (row.status !== 'invalid' && row.status !== 'failed') throw new Error('not_resubmittable');
  await ctx.db
    .update(etaReceipts)
    .set({ status: 'pending', lockedUntil: null, updatedAt: ctx.clock.now() })
    .where(and(eq(etaReceipts.id, row.id), inArray(etaReceipts.status, ['invalid', 'failed'])));
  await submitUnsent(ctx).catch((err: unknown) =>
    ctx.log.error(
      { receipt: row.id, error: err instanceof Error ? err.message : String(err) },
      'resubmit failed',
    ),
  );
  const [after] = await ctx.db.select().from(etaReceipts).where(eq(etaReceipts.id, row.id));
  return after!;
}
