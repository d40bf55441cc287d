/**
 * An order's invoice and credit notes as PDFs (issue 47, decision 030): the order module reads what it wrote (the
 * lines' net, VAT and gross fixed at checkout, the invoice number given at confirmation, the credit notes of refunds
 * and cancels) and the invoices module draws it (renderInvoicePdf) in the reader's language. The QR holds the
 * e-receipt's address at the ETA when the order has one, else the order's page in the store.
 */
import { apiMessage, type ApiMessageKey, type Locale, type Order } from '@store/contracts';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { creditNotes, etaReceipts, orderProducts, orders, products, users } from '../../db/schema.ts';
import { AppError } from '../../lib/errors.ts';
import { pick } from '../../lib/locale.ts';
import { governorateIn } from '../addresses/index.ts';
import { receiptUrl } from '../einvoicing/index.ts';
import {
  isolate,
  renderInvoicePdf,
  type InvoiceLine,
  type InvoiceModel,
  type InvoicingSettings,
} from '../invoices/index.ts';

export interface InvoiceDocument {
  filename: string;
  pdf: Buffer;
}

interface Reader {
  /** The shopper's own orders only (another's, or a cart: 404); absent: staff, any placed order. */
  userId?: number;
  locale: Locale;
  invoicing: Pick<InvoicingSettings, 'seller' | 'eta'>;
  /** The store's address (PUBLIC_URL): the QR's target without an e-receipt. */
  publicUrl: string;
}

const invoiceNotFound = () => new AppError(404, 'invoice_not_found', ['invoice_not_found']);

/** The order with its invoice, as a reader may see it; 404 (order_not_found) otherwise. */
async function invoicedOrder(db: DbOrTx, orderId: number, r: Reader) {
  const [o] = await db
    .select({ order: orders, user: users })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .where(
      r.userId === undefined
        ? eq(orders.id, orderId)
        : and(eq(orders.id, orderId), eq(orders.userId, r.userId)),
    );
  if (!o) throw AppError.notFound('order_not_found');
  return o;
}

/**
 * The delivery address as one line in the document's language, as the site writes it: building, street, floor and
 * apartment, each number with its label, then district and governorate ("عمارة 12، شارع التحرير، الدور 3، شقة 5،
 * الدقي، الجيزة"; "Building 12, El Tahrir St, Floor 3, Apartment 5, Dokki, Giza"). The governorate is named in the
 * document's language when it is the order's delivery zone's; the rest stays as the shopper typed it, each piece
 * isolated, so one in the other script keeps its place in the line.
 */
function addressLine(snapshot: unknown, locale: Locale): string {
  const a = (snapshot ?? {}) as Partial<NonNullable<Order['address']>>;
  const dir = locale === 'ar' ? 'rtl' : 'ltr';
  const typed = (x: string | undefined) => (x ?? '').trim();
  const piece = (x: string) => (x ? isolate(x, dir) : '');
  const labelled = (key: ApiMessageKey, x: string | undefined) =>
    typed(x) ? apiMessage(key, locale, { value: piece(typed(x)) }) : '';
  const governorate = typed(a.governorate);
  return [
    labelled('invoice_address_building', a.building),
    piece(typed(a.street_name)),
    labelled('invoice_address_floor', a.floor),
    labelled('invoice_address_apartment', a.apartment),
    piece(typed(a.district)),
    piece(governorate && governorateIn(locale, governorate, a.delivery_zone)),
  ]
    .filter(Boolean)
    .join(locale === 'ar' ? '، ' : ', ');
}

/** The payment method as a label ("Cash on delivery", "كاش عند الاستلام"). */
const paymentMethodText = (method: string | null, locale: Locale) =>
  method ? apiMessage(`invoice_pay_method_${method}` as ApiMessageKey, locale) : '';

/** The e-receipt's ETA address for a dedupe key, else the order's page. */
async function qrOf(db: DbOrTx, dedupeKey: string, orderId: number, r: Reader) {
  const [receipt] = await db.select().from(etaReceipts).where(eq(etaReceipts.dedupeKey, dedupeKey));
  return receipt ? receiptUrl(r.invoicing.eta, receipt) : `${r.publicUrl}/my-account/orders/${orderId}`;
}

function party(o: Awaited<ReturnType<typeof invoicedOrder>>, locale: Locale) {
  const snap = (o.order.addressSnapshot ?? {}) as Partial<NonNullable<Order['address']>>;
  return {
    shopper: {
      name: snap.full_name || `${o.user.firstName} ${o.user.lastName}`.trim(),
      phone: snap.phone_number || o.user.phoneNumber,
    },
    deliveryAddress: addressLine(o.order.addressSnapshot, locale),
  };
}

/** GET …/orders/{id}/invoice: the order's invoice (404 invoice_not_found before it is confirmed). */
export async function invoicePdf(db: DbOrTx, orderId: number, r: Reader): Promise<InvoiceDocument> {
  const o = await invoicedOrder(db, orderId, r);
  const { order } = o;
  if (!order.invoiceNumber || !order.invoicedAt) throw invoiceNotFound();
  const lines = await db
    .select({
      line: orderProducts,
      titleEn: products.titleEn,
      titleAr: products.titleAr,
    })
    .from(orderProducts)
    .innerJoin(products, eq(products.id, orderProducts.productId))
    .where(eq(orderProducts.orderId, orderId))
    .orderBy(asc(orderProducts.id));
  const invoiceLines: InvoiceLine[] = lines.map(({ line, titleEn, titleAr }) => {
    const gross = line.grossPiastres ?? (line.checkoutPricePiastres ?? 0) * line.quantity;
    const vat = line.vatPiastres ?? 0;
    return {
      // A variant's title names its option values; its SKU follows (issue 49).
      description: `${pick(r.locale, titleEn, titleAr)}${line.variant?.sku ? ` (${line.variant.sku})` : ''}`,
      quantity: line.quantity,
      netPiastres: gross - vat,
      vatPiastres: vat,
      grossPiastres: gross,
      vatRate: (line.vatRateBp ?? 0) / 100,
    };
  });
  const deliveryNet = order.shippingFeesPiastres - order.shippingVatPiastres;
  const model: InvoiceModel = {
    locale: r.locale,
    kind: 'invoice',
    number: order.invoiceNumber,
    issuedAt: order.invoicedAt,
    orderNumber: order.orderNumber === null ? undefined : `#${order.orderNumber}`,
    seller: r.invoicing.seller,
    ...party(o, r.locale),
    lines: invoiceLines,
    deliveryPiastres: order.shippingFeesPiastres > 0 ? deliveryNet : undefined,
    discount:
      order.discountCode && order.discountPiastres > 0
        ? { code: order.discountCode, piastres: order.discountPiastres }
        : undefined,
    totals: {
      netPiastres: invoiceLines.reduce((s, l) => s + l.netPiastres, 0),
      vatPiastres: order.vatPiastres,
      grossPiastres: order.checkoutTotalPricePiastres,
    },
    paymentMethod: paymentMethodText(order.paymentMethod, r.locale),
    qrPayload: await qrOf(db, `sale:${orderId}`, orderId, r),
  };
  return { filename: `${order.invoiceNumber}.pdf`, pdf: await renderInvoicePdf(model) };
}

/** GET …/orders/{id}/credit-notes/{number}: one of the order's credit notes (404 credit_note_not_found). */
export async function creditNotePdf(
  db: DbOrTx,
  orderId: number,
  number: string,
  r: Reader,
): Promise<InvoiceDocument> {
  const o = await invoicedOrder(db, orderId, r);
  const [note] = await db
    .select()
    .from(creditNotes)
    .where(and(eq(creditNotes.orderId, orderId), eq(creditNotes.number, number)));
  if (!note) throw new AppError(404, 'credit_note_not_found', ['credit_note_not_found']);
  const ids = note.lines.map((l) => l.product_id);
  const titles = ids.length
    ? await db
        .select({ id: products.id, en: products.titleEn, ar: products.titleAr })
        .from(products)
        .where(inArray(products.id, ids))
    : [];
  const titleOf = new Map(titles.map((t) => [t.id, pick(r.locale, t.en, t.ar)]));
  const lines: InvoiceLine[] = note.lines.map((l) => ({
    description: titleOf.get(l.product_id) ?? String(l.product_id),
    quantity: l.quantity,
    netPiastres: l.net,
    vatPiastres: l.vat,
    grossPiastres: l.gross,
    vatRate: l.vat_rate_bp / 100,
  }));
  const model: InvoiceModel = {
    locale: r.locale,
    kind: 'credit_note',
    number: note.number,
    issuedAt: note.issuedAt,
    orderNumber:
      o.order.orderNumber === null
        ? undefined
        : `#${o.order.orderNumber} (${o.order.invoiceNumber ?? ''})`.replace(' ()', ''),
    seller: r.invoicing.seller,
    ...party(o, r.locale),
    lines,
    deliveryPiastres:
      note.shippingPiastres > 0 ? note.shippingPiastres - note.shippingVatPiastres : undefined,
    totals: {
      netPiastres: lines.reduce((s, l) => s + l.netPiastres, 0),
      vatPiastres: note.vatPiastres,
      grossPiastres: note.grossPiastres,
    },
    paymentMethod: paymentMethodText(o.order.paymentMethod, r.locale),
    qrPayload: await qrOf(db, `return:${orderId}:${note.number}`, orderId, r),
  };
  return { filename: `${note.number}.pdf`, pdf: await renderInvoicePdf(model) };
}
