import type { Locale } from '@store/contracts';
import { and, eq, ne } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { users } from '../../db/schema.ts';

/**
 * The shopper's language for their messages about orders (SMS, WhatsApp, email): the one they last used, at
 * sign-in and again when they place an order or ask for a return, so an order placed from the Arabic site is told
 * in Arabic even after a sign-in on an English one. `null` (the request named no language) changes nothing.
 */
export async function rememberLocale(db: DbOrTx, userId: number, locale: Locale | null) {
  if (!locale) return;
  await db
    .update(users)
    .set({ locale })
    .where(and(eq(users.id, userId), ne(users.locale, locale)));
}
