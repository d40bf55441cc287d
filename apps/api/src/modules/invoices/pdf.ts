/**
 * An invoice (or credit note) as a PDF, in the shopper's language (issue 47): Arabic laid out right to left with its
 * letters shaped (joined, lam-alef), or English left to right. It holds the seller (legal name, address, tax
 * registration number), the number and date, the shopper and the delivery address, each line with its net, VAT and
 * gross, the totals, the payment method and a QR code.
 *
 * Drawn with pdfkit: its fontkit shapes each Arabic run with Noto Sans Arabic (OpenType joining forms and ligatures)
 * and puts it right to left; bidi.ts orders the runs of a mixed line (an Arabic label beside a number). Latin text,
 * digits and punctuation use Noto Sans. Both faces ship beside this file (fonts/, scripts/subset-invoice-fonts.mjs),
 * so a PDF is the same on any machine. Amounts are piastres, written as EGP with two decimals.
 */
import { apiMessage, type ApiMessageKey, type Locale } from '@store/contracts';
import { fileURLToPath } from 'node:url';
import type PDFDocument from 'pdfkit';
import { hasArabic, LRM, RLM, visualRuns, type Direction } from './bidi.ts';
import { sellerIn, type SellerFacts } from '../../lib/seller.ts';

export interface InvoiceLine {
  description: string;
  quantity: number;
  /** The line's amounts (all units): net + VAT = gross. */
  netPiastres: number;
  vatPiastres: number;
  grossPiastres: number;
  /** Percent, e.g. 14 (0: exempt). */
  vatRate: number;
}

export interface InvoiceModel {
  locale: Locale;
  kind: 'invoice' | 'credit_note';
  /** INV-2026-000123 or CN-2026-000001. */
  number: string;
  issuedAt: Date;
  /** The order's number as the shopper reads it. */
  orderNumber?: string;
  /** The Arabic document names the seller by its Arabic name and address when it has them. */
  seller: SellerFacts;
  shopper: { name: string; phone?: string };
  deliveryAddress: string;
  lines: InvoiceLine[];
  /** The delivery fee (gross), when there is one. */
  deliveryPiastres?: number;
  /** A discount code the order used and what it took off (issue 49 item 1): the lines' amounts are after it. */
  discount?: { code: string; piastres: number };
  totals: { netPiastres: number; vatPiastres: number; grossPiastres: number };
  /** Already in the invoice's language (e.g. "Cash on delivery"). */
  paymentMethod: string;
  /** What the QR code holds (the e-receipt's ETA address, or the invoice's own). */
  qrPayload: string;
}

const font = (name: string) => fileURLToPath(new URL(`./fonts/${name}.ttf`, import.meta.url));
const FONTS = {
  ar: font('noto-sans-arabic-400'),
  arBold: font('noto-sans-arabic-700'),
  la: font('noto-sans-latin-400'),
  laBold: font('noto-sans-latin-700'),
};
/** The faces' ascent (their hhea table, in thousandths of the size; regular and bold alike). */
const ASCENT = { ar: 1374, la: 1069 };

/** 1234567 piastres → "12,345.67" (Latin digits, as Egyptian invoices print them). */
export const money = (piastres: number) => {
  const sign = piastres < 0 ? '-' : '';
  const abs = Math.abs(piastres);
  const pounds = Math.floor(abs / 100).toLocaleString('en-US');
  return `${sign}${pounds}.${String(abs % 100).padStart(2, '0')}`;
};

/** The date as the invoice's reader writes it, in Cairo: 05/03/2026 (day first). */
const dateText = (d: Date) =>
  new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Africa/Cairo',
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
  }).format(d);

type Doc = InstanceType<typeof PDFDocument>;

/**
 * Arabic is shaped without the font's glyph composition (ccmp): Noto Sans Arabic would otherwise draw some letters as
 * a shared dotless body plus dots, and a PDF maps each glyph to one letter, so a reader copying the text (or
 * pdftotext) would get ت for ي. Without it each letter's joining form is a glyph of its own and reads back right.
 */
const shaping = (face: string): PDFKit.Mixins.TextOptions =>
  face.startsWith('ar') ? ({ features: { ccmp: false } } as unknown as PDFKit.Mixins.TextOptions) : {};

/** Writes one line of text at (x, y) within width, aligned to the start or end of the paragraph's direction. */
class Writer {
  constructor(
    private readonly doc: Doc,
    readonly dir: Direction,
  ) {}

  /**
   * The pieces of a run with the face each needs (Arabic letters: the Arabic face; the rest: the Latin one), each
   * space a piece of its own: an Arabic word is drawn alone, so a text extractor reads the words in their order.
   */
  private pieces(text: string, bold: boolean) {
    const out: { text: string; face: string; alone: boolean }[] = [];
    for (const ch of Array.from(text)) {
      if (ch === LRM || ch === RLM) continue;
      const face = ch === ' ' ? 'space' : hasArabic(ch) ? (bold ? 'arBold' : 'ar') : bold ? 'laBold' : 'la';
      // An Arabic-Indic digit alone: the shaper would put a number of them right to left.
      const alone = face === 'space' || /[\u0660-\u0669\u06f0-\u06f9]/.test(ch);
      const last = out.at(-1);
      if (last && last.face === face && !alone && !last.alone) last.text += ch;
      else out.push({ text: ch, face, alone });
    }
    return out;
  }

  /** The pieces in the order they are drawn from the left, each with its width. */
  private layout(text: string, size: number, bold: boolean) {
    const drawn: { text: string; face: string; width: number }[] = [];
    for (const run of visualRuns(text, this.dir)) {
      const ps = this.pieces(run.text, bold);
      // A right-to-left run's pieces stand right to left (each Arabic word is put right to left by the shaper).
      for (const p of run.dir === 'rtl' ? ps.reverse() : ps) {
        this.doc.font(p.face === 'space' ? (bold ? 'laBold' : 'la') : p.face).fontSize(size);
        drawn.push({ ...p, width: this.doc.widthOfString(p.text, shaping(p.face)) });
      }
    }
    return drawn;
  }

  width(text: string, size: number, bold = false) {
    return this.layout(text, size, bold).reduce((s, p) => s + p.width, 0);
  }

  /**
   * One line: `start` is the paragraph's start (right in Arabic), `end` its end. Too long a line is cut with an
   * ellipsis at its end.
   */
  line(
    text: string,
    x: number,
    y: number,
    width: number,
    o: { size?: number; bold?: boolean; align?: 'start' | 'end' | 'center'; color?: string } = {},
  ) {
    const size = o.size ?? 9;
    const bold = o.bold ?? false;
    let t = text;
    while (t.length > 1 && this.width(t, size, bold) > width) t = `${Array.from(t).slice(0, -2).join('')}…`;
    const pieces = this.layout(t, size, bold);
    const total = pieces.reduce((s, p) => s + p.width, 0);
    const align = o.align ?? 'start';
    const atRight = (align === 'start') === (this.dir === 'rtl');
    let cx = align === 'center' ? x + (width - total) / 2 : atRight ? x + width - total : x;
    this.doc.fillColor(o.color ?? '#111111');
    // One baseline for the line's faces, where the paragraph's own face puts it below y. pdfkit would put each piece's
    // top at y, and the Arabic face's ascent is taller than the Latin one's: digits sat above the Arabic letters.
    const baseline = y + ((this.dir === 'rtl' ? ASCENT.ar : ASCENT.la) * size) / 1000;
    for (const p of pieces) {
      if (p.face !== 'space')
        this.doc
          .font(p.face)
          .fontSize(size)
          .text(p.text, cx, baseline, { lineBreak: false, baseline: 'alphabetic', ...shaping(p.face) });
      cx += p.width;
    }
  }

  /**
   * Words wrapped to the width, each line written as `line` does; a word wider than the width (a long discount code)
   * is broken where it reaches the edge. Returns the height used.
   */
  wrapped(
    text: string,
    x: number,
    y: number,
    width: number,
    o: { size?: number; bold?: boolean; color?: string } = {},
  ) {
    const size = o.size ?? 9;
    const words = text.split(/\s+/).filter(Boolean);
    const lines: string[] = [];
    let cur = '';
    for (const w of words) {
      const next = cur ? `${cur} ${w}` : w;
      if (cur && this.width(next, size, o.bold) > width) {
        lines.push(cur);
        cur = w;
      } else cur = next;
      while (this.width(cur, size, o.bold) > width && Array.from(cur).length > 1) {
        const chars = Array.from(cur);
        let n = chars.length - 1;
        while (n > 1 && this.width(chars.slice(0, n).join(''), size, o.bold) > width) n--;
        lines.push(chars.slice(0, n).join(''));
        cur = chars.slice(n).join('');
      }
    }
    if (cur) lines.push(cur);
    const lh = size * 1.45;
    lines.forEach((l, i) => this.line(l, x, y + i * lh, width, o));
    return Math.max(1, lines.length) * lh;
  }
}

/** The invoice as PDF bytes. */
export async function renderInvoicePdf(m: InvoiceModel): Promise<Buffer> {
  const t = (key: ApiMessageKey, params: Record<string, string | number> = {}) =>
    apiMessage(key, m.locale, params);
  const dir: Direction = m.locale === 'ar' ? 'rtl' : 'ltr';
  const title = t(m.kind === 'invoice' ? 'invoice_title' : 'credit_note_title');
  const seller = sellerIn(m.seller, m.locale);
  // Loaded on the first invoice, not at every start-up (about 0.5 s).
  const [{ default: PDFDocument }, { default: QRCode }] = await Promise.all([
    import('pdfkit'),
    import('qrcode'),
  ]);
  const qr = await QRCode.toBuffer(m.qrPayload, {
    type: 'png',
    margin: 1,
    scale: 4,
    errorCorrectionLevel: 'M',
  });

  const doc = new PDFDocument({
    size: 'A4',
    margin: 40,
    info: {
      Title: `${title} ${m.number}`,
      Author: seller.legalName,
      CreationDate: m.issuedAt,
    },
    lang: m.locale === 'ar' ? 'ar-EG' : 'en',
  } as PDFKit.PDFDocumentOptions);
  for (const [name, file] of Object.entries(FONTS)) doc.registerFont(name, file);
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const w = new Writer(doc, dir);
  const left = 40;
  const width = doc.page.width - 80;
  const rtl = dir === 'rtl';
  /** A column's x from the paragraph's start: in Arabic, measured from the right edge. */
  const col = (fromStart: number, colWidth: number) =>
    rtl ? left + width - fromStart - colWidth : left + fromStart;

  // Heading: the seller at the start, the title and the QR at the end.
  let y = 40;
  const qrSize = 92;
  doc.image(qr, rtl ? left : left + width - qrSize, y, { width: qrSize, height: qrSize });
  const headW = width - qrSize - 20;
  const headX = rtl ? left + qrSize + 20 : left;
  w.line(title, headX, y, headW, { size: 20, bold: true });
  y += 32;
  w.line(seller.legalName, headX, y, headW, { size: 11, bold: true });
  y += 16;
  y += w.wrapped(seller.address, headX, y, headW, { size: 9 });
  w.line(`${t('invoice_seller_tax_id')}: ${seller.taxId}`, headX, y, headW, { size: 9 });
  y = Math.max(y + 22, 40 + qrSize + 12);

  // The document's facts, then the shopper's.
  const facts: [string, string][] = [
    [t(m.kind === 'invoice' ? 'invoice_number' : 'credit_note_number'), m.number],
    [t('invoice_date'), dateText(m.issuedAt)],
  ];
  if (m.orderNumber) facts.push([t('invoice_order'), m.orderNumber]);
  facts.push([t('invoice_payment_method'), m.paymentMethod]);
  const half = (width - 20) / 2;
  const factsY = y;
  for (const [label, value] of facts) {
    w.line(`${label}: ${value}`, col(0, half), y, half, { size: 10 });
    y += 15;
  }
  let y2 = factsY;
  w.line(t('invoice_bill_to'), col(half + 20, half), y2, half, { size: 10, bold: true });
  y2 += 15;
  w.line(
    m.shopper.phone ? `${m.shopper.name} (${m.shopper.phone})` : m.shopper.name,
    col(half + 20, half),
    y2,
    half,
    {
      size: 10,
    },
  );
  y2 += 15;
  w.line(t('invoice_delivery_address'), col(half + 20, half), y2, half, { size: 10, bold: true });
  y2 += 15;
  y2 += w.wrapped(m.deliveryAddress, col(half + 20, half), y2, half, { size: 9 });
  y = Math.max(y, y2) + 16;

  // The lines: item, quantity, net, VAT, gross.
  const cols = [
    { key: 'invoice_item' as const, w: width - 4 * 80, align: 'start' as const },
    { key: 'invoice_quantity' as const, w: 50, align: 'center' as const },
    { key: 'invoice_net' as const, w: 90, align: 'end' as const },
    { key: 'invoice_vat' as const, w: 80, align: 'end' as const },
    { key: 'invoice_gross' as const, w: 100, align: 'end' as const },
  ];
  cols[0]!.w = width - cols.slice(1).reduce((s, c) => s + c.w, 0);
  const starts = cols.map((_, i) => cols.slice(0, i).reduce((s, c) => s + c.w, 0));
  doc.rect(left, y - 4, width, 20).fill('#eeeeee');
  cols.forEach((c, i) =>
    w.line(t(c.key), col(starts[i]!, c.w) + 4, y, c.w - 8, { size: 9, bold: true, align: c.align }),
  );
  y += 22;
  for (const l of m.lines) {
    if (y > doc.page.height - 200) {
      doc.addPage();
      y = 40;
    }
    const cells = [
      l.description,
      String(l.quantity),
      money(l.netPiastres),
      l.vatRate > 0 ? `${money(l.vatPiastres)} (${l.vatRate}%)` : money(l.vatPiastres),
      money(l.grossPiastres),
    ];
    const h = w.wrapped(cells[0]!, col(starts[0]!, cols[0]!.w) + 4, y, cols[0]!.w - 8, { size: 9 });
    cells.slice(1).forEach((text, j) => {
      const c = cols[j + 1]!;
      w.line(text, col(starts[j + 1]!, c.w) + 4, y, c.w - 8, { size: 9, align: c.align });
    });
    y += h + 6;
    doc
      .moveTo(left, y - 3)
      .lineTo(left + width, y - 3)
      .lineWidth(0.5)
      .strokeColor('#cccccc')
      .stroke();
  }

  // Totals, at the end side.
  y += 8;
  const totalsW = 260;
  const totalsX = col(width - totalsW, totalsW);
  /** A label (wrapped, never cut) and its amount on the label's first line. */
  const row = (label: string, value: string, bold = false, size = 10) => {
    const h = w.wrapped(label, rtl ? totalsX + 110 : totalsX, y, totalsW - 110, { size, bold });
    const valueX = rtl ? totalsX : totalsX + totalsW - 110;
    w.line(value, valueX, y, 110, { size, bold, align: 'end' });
    y += Math.max(size + 7, h + 3);
  };
  if (m.discount) {
    // The minus stays at the left of the number in an Arabic line too (LRM: "-814.80", not "814.80-").
    row(t('invoice_discount', { code: m.discount.code }), `${LRM}-${money(m.discount.piastres)}`);
    // The note on a line of its own, whole (the lines' totals are after the discount): cut short, the discount read
    // as if it were taken off twice.
    y -= 4;
    y += w.wrapped(t('invoice_discount_note'), totalsX, y, totalsW, { size: 8, color: '#555555' }) + 3;
  }
  row(t('invoice_subtotal_net'), money(m.totals.netPiastres));
  row(t('invoice_vat_total'), money(m.totals.vatPiastres));
  if (m.deliveryPiastres) row(t('invoice_delivery'), money(m.deliveryPiastres));
  row(t('invoice_total'), money(m.totals.grossPiastres), true, 12);
  y += 10;
  w.line(t('invoice_prices_include_vat'), left, y, width, { size: 8, color: '#555555' });
  y += 14;
  w.line(t('invoice_qr_note'), left, y, width, { size: 8, color: '#555555' });

  doc.end();
  return done;
}
