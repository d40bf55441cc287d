/**
 * The alerts job's work (jobs.ts, issue 49 items 3 and 4), safe on any number of instances, each batch claimed in
 * one statement before anything is sent (at most once: deliver.ts):
 * - back in stock: the waiting stock alerts whose product is on sale and in stock again are marked told
 *   (`update … skip locked … returning`); each shopper gets one message naming their products;
 * - price drops: for shoppers who allowed them, each wished-for product's price is kept (price_watches) from when
 *   the job first sees it; a shopper with a product now cheaper than that (on sale, in stock), and no price-drop
 *   message in PRICE_DROP_QUIET_HOURS, is claimed (price_drop_sent_at set, skip locked) and told of all of them in
 *   one message, and the prices told become the ones they know; a rise is kept silently, so each drop is told once;
 * - abandoned carts: a signed-in shopper's cart with a product in stock, untouched for `hours` (and at most
 *   ABANDONED_CART_MAX_DAYS), gets one reminder per version of it (cart_reminders' key is the cart and its
 *   updated_at, inserted before sending: on conflict nothing), on the channels the owner ticked; none: nothing.
 * A run handles at most `limit` shoppers or carts; the rest wait for the next run (every minute).
 */
import {
  ABANDONED_CART_MAX_DAYS,
  apiMessage,
  formatAmount,
  PRICE_DROP_QUIET_HOURS,
  toEgp,
  type Locale,
} from '@store/contracts';
import { eq, sql } from 'drizzle-orm';
import { abandonedCartSettings } from '../../db/schema.ts';
import { sellableAs } from '../stock/index.ts';
import { deliver, productList, shopLink, STORE, type AlertContext, type Recipient } from './deliver.ts';

const HOUR_MS = 3_600_000;
const rowsOf = <T>(r: unknown) => (r as { rows: T[] }).rows;
const localeOf = (l: string): Locale => (l === 'en' ? 'en' : 'ar');

interface UserRow {
  user_id: number;
  phone: string;
  email: string;
  locale: string;
  channel: string | null;
}

async function recipients(ctx: AlertContext, userIds: number[]) {
  const rows = rowsOf<UserRow>(
    await ctx.db.execute(sql`
      select u.id as user_id, u.phone_number as phone, u.email, u.locale, s.channel
      from users u left join shopper_alert_settings s on s.user_id = u.id
      where u.id in (${sql.join(
        userIds.map((id) => sql`${id}`),
        sql`, `,
      )})`),
  );
  return new Map(
    rows.map((r) => [
      r.user_id,
      {
        to: { userId: r.user_id, phone: r.phone, email: r.email, locale: localeOf(r.locale) } as Recipient,
        channel: (r.channel === 'email' ? 'email' : 'sms') as 'sms' | 'email',
      },
    ]),
  );
}

/** A product on sale, or a variant of one (decision 034): a variant's alert and cart line count too. */
const sellableP = sellableAs('p');

/** Tells the shoppers whose sold-out products are back; returns how many alerts it marked told. */
export async function sendStockAlerts(ctx: AlertContext, limit = 500): Promise<number> {
  const now = ctx.clock.now().toISOString();
  const claimed = rowsOf<{ user_id: number; product_id: number; title_en: string; title_ar: string }>(
    await ctx.db.execute(sql`
      with due as (
        select a.id from stock_alerts a join products p on p.id = a.product_id
        where a.notified_at is null and ${sellableP} and p.stock > 0
        order by a.id limit ${limit}
        for update of a skip locked)
      update stock_alerts a set notified_at = ${now}::timestamptz
      from due, products p
      where a.id = due.id and p.id = a.product_id and a.notified_at is null
      returning a.user_id, a.product_id, p.title_en, p.title_ar`),
  );
  if (claimed.length === 0) return 0;
  const byUser = new Map<number, typeof claimed>();
  for (const r of claimed) byUser.set(r.user_id, [...(byUser.get(r.user_id) ?? []), r]);
  const who = await recipients(ctx, [...byUser.keys()]);
  for (const [userId, rows] of byUser) {
    const r = who.get(userId);
    if (!r) continue;
    const { locale } = r.to;
    const titles = rows.map((p) => (locale === 'ar' ? p.title_ar : p.title_en));
    const link =
      rows.length === 1
        ? shopLink(ctx, `/products/${rows[0]!.product_id}`, locale)
        : shopLink(ctx, '/', locale);
    const text = apiMessage(rows.length === 1 ? 'sms_back_in_stock' : 'sms_back_in_stock_many', locale, {
      store: STORE[locale],
      products: productList(titles, locale),
      link,
    });
    await deliver(ctx, r.to, [r.channel], {
      kind: 'shopper_alert',
      text,
      subject: 'email_subject_back_in_stock',
      link,
    });
  }
  return claimed.length;
}

/** Tells the shoppers who allowed it of their wishlist's price drops; returns how many shoppers it told. */
export async function sendPriceDrops(ctx: AlertContext, limit = 200): Promise<number> {
  const nowDate = ctx.clock.now();
  const now = nowDate.toISOString();
  const quiet = new Date(nowDate.getTime() - PRICE_DROP_QUIET_HOURS * HOUR_MS).toISOString();
  // The prices the shoppers know: a new favorite's from now; a rise is kept, silently.
  await ctx.db.execute(sql`
    insert into price_watches (user_id, product_id, price_piastres, updated_at)
    select f.user_id, f.product_id, p.current_price_piastres, ${now}::timestamptz
    from shopper_alert_settings s
    join favorites f on f.user_id = s.user_id
    join products p on p.id = f.product_id
    where s.price_drops
      and not exists (select 1 from price_watches w where w.user_id = f.user_id and w.product_id = f.product_id)
    on conflict do nothing`);
  await ctx.db.execute(sql`
    update price_watches w set price_piastres = p.current_price_piastres, updated_at = ${now}::timestamptz
    from products p where p.id = w.product_id and p.current_price_piastres > w.price_piastres`);
  const claimed = rowsOf<{ user_id: number }>(
    await ctx.db.execute(sql`
      with due as (
        select s.user_id from shopper_alert_settings s
        where s.price_drops and (s.price_drop_sent_at is null or s.price_drop_sent_at <= ${quiet}::timestamptz)
          and exists (select 1 from price_watches w join products p on p.id = w.product_id
            where w.user_id = s.user_id and p.active and p.stock > 0
              and p.current_price_piastres < w.price_piastres)
        order by s.user_id limit ${limit}
        for update of s skip locked)
      update shopper_alert_settings s set price_drop_sent_at = ${now}::timestamptz
      from due where s.user_id = due.user_id
      returning s.user_id`),
  );
  if (claimed.length === 0) return 0;
  const who = await recipients(
    ctx,
    claimed.map((c) => c.user_id),
  );
  for (const { user_id: userId } of claimed) {
    // The drops told, and their prices kept as the ones this shopper knows, in one statement.
    const drops = rowsOf<{
      product_id: number;
      old: number;
      price: number;
      title_en: string;
      title_ar: string;
    }>(
      await ctx.db.execute(sql`
        with d as (
          select w.product_id, w.price_piastres as old, p.current_price_piastres as price, p.title_en, p.title_ar
          from price_watches w join products p on p.id = w.product_id
          where w.user_id = ${userId} and p.active and p.stock > 0 and p.current_price_piastres < w.price_piastres
          for update of w)
        update price_watches w set price_piastres = d.price, updated_at = ${now}::timestamptz
        from d where w.user_id = ${userId} and w.product_id = d.product_id
        returning d.product_id, d.old, d.price, d.title_en, d.title_ar`),
    ).sort((a, b) => a.product_id - b.product_id);
    const r = who.get(userId);
    if (!r || drops.length === 0) continue;
    const { locale } = r.to;
    const titles = drops.map((p) => (locale === 'ar' ? p.title_ar : p.title_en));
    const one = drops.length === 1 ? drops[0]! : null;
    const link = one
      ? shopLink(ctx, `/products/${one.product_id}`, locale)
      : shopLink(ctx, '/my-account/wishlist', locale);
    const text = one
      ? apiMessage('sms_price_drop', locale, {
          store: STORE[locale],
          products: titles[0]!,
          price: formatAmount(toEgp(Number(one.price))),
          old: formatAmount(toEgp(Number(one.old))),
          link,
        })
      : apiMessage('sms_price_drop_many', locale, {
          store: STORE[locale],
          products: productList(titles, locale),
          link,
        });
    await deliver(ctx, r.to, [r.channel], {
      kind: 'shopper_alert',
      text,
      subject: 'email_subject_price_drop',
      link,
    });
  }
  return claimed.length;
}

/** The owner's channels for cart reminders (none saved: none, reminders off). */
export async function cartReminderChannels(
  ctx: Pick<AlertContext, 'db'>,
): Promise<{ sms: boolean; email: boolean }> {
  const [row] = await ctx.db.select().from(abandonedCartSettings).where(eq(abandonedCartSettings.id, 1));
  return { sms: row?.sms ?? false, email: row?.email ?? false };
}

/** Reminds the shoppers of carts left for `hours`; returns how many carts it reminded. */
export async function sendCartReminders(ctx: AlertContext, hours: number, limit = 200): Promise<number> {
  const choice = await cartReminderChannels(ctx);
  const channels = (['sms', 'email'] as const).filter((c) => choice[c]);
  if (channels.length === 0) return 0;
  const nowDate = ctx.clock.now();
  const now = nowDate.toISOString();
  const before = new Date(nowDate.getTime() - hours * HOUR_MS).toISOString();
  const after = new Date(nowDate.getTime() - ABANDONED_CART_MAX_DAYS * 24 * HOUR_MS).toISOString();
  const claimed = rowsOf<{ order_id: number }>(
    await ctx.db.execute(sql`
      insert into cart_reminders (order_id, cart_updated_at, sent_at, channels)
      select o.id, o.updated_at, ${now}::timestamptz, ${JSON.stringify(channels)}::jsonb
      from orders o
      where o.status = 'cart' and o.updated_at <= ${before}::timestamptz and o.updated_at > ${after}::timestamptz
        and exists (select 1 from order_products l join products p on p.id = l.product_id
          where l.order_id = o.id and ${sellableP} and p.stock > 0)
        and not exists (select 1 from cart_reminders r where r.order_id = o.id and r.cart_updated_at = o.updated_at)
      order by o.updated_at, o.id limit ${limit}
      on conflict do nothing
      returning order_id`),
  );
  for (const { order_id: orderId } of claimed) {
    const lines = rowsOf<{
      user_id: number;
      phone: string;
      email: string;
      locale: string;
      title_en: string;
      title_ar: string;
    }>(
      await ctx.db.execute(sql`
        select o.user_id, u.phone_number as phone, u.email, u.locale, p.title_en, p.title_ar
        from orders o join users u on u.id = o.user_id
        join order_products l on l.order_id = o.id join products p on p.id = l.product_id
        where o.id = ${orderId} and ${sellableP} and p.stock > 0
        order by l.id`),
    );
    const first = lines[0];
    if (!first) continue;
    const locale = localeOf(first.locale);
    const link = shopLink(ctx, '/cart', locale);
    const text = apiMessage('sms_cart_reminder', locale, {
      store: STORE[locale],
      products: productList(
        lines.map((l) => (locale === 'ar' ? l.title_ar : l.title_en)),
        locale,
      ),
      link,
    });
    const to: Recipient = { userId: first.user_id, phone: first.phone, email: first.email, locale };
    const sent = await deliver(ctx, to, channels, {
      kind: 'cart_reminder',
      text,
      subject: 'email_subject_cart_reminder',
      link,
      orderId,
    });
    await ctx.db.execute(
      sql`update cart_reminders set channels = ${JSON.stringify(sent)}::jsonb where order_id = ${orderId} and sent_at = ${now}::timestamptz`,
    );
  }
  return claimed.length;
}
