import {
  normalizeSearchText,
  toEgp,
  type Address,
  type AddressFormValues,
  type AddressInput,
  type DeliveryZone,
  type Locale,
} from '@store/contracts';
import { and, asc, desc, eq, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { addresses, deliveryZones } from '../../db/schema.ts';
import { AppError } from '../../lib/errors.ts';
import { transactionHook } from '../../lib/hooks.ts';
import { pick } from '../../lib/locale.ts';

type AddressRow = typeof addresses.$inferSelect;
type ZoneRow = typeof deliveryZones.$inferSelect;

/**
 * A saved address was edited (`shippingFeesPiastres`: its zone's fee now, with its free-shipping amount) or
 * deleted (`null`), inside the same transaction. The order core reacts (a cart that has the address chosen follows
 * it); addresses knows no orders.
 */
export interface AddressChange {
  userId: number;
  addressId: number;
  shippingFeesPiastres: number | null;
  freeShippingFromPiastres: number | null;
  now: Date;
}
export const addressChanged = transactionHook<AddressChange>();

/* ---------------- delivery zones ---------------- */

const GOVERNORATE_WORDS = new Set(['governorate', 'gov', 'محافظه', 'muhafazat', 'mohafazat']);

/**
 * A governorate name reduced to what identifies it, so "Cairo Governorate", "cairo", "محافظة القاهرة" and
 * "القاهره" meet their zone: normalised Arabic (contracts' normalizeSearchText), the word "governorate" dropped,
 * the article (ال, al, el) dropped, spaces and hyphens removed.
 */
export function governorateKey(name: string): string {
  return normalizeSearchText(name)
    .split(' ')
    .filter((w) => w && !GOVERNORATE_WORDS.has(w) && w !== 'al' && w !== 'el')
    .map((w) => (w.length > 3 && w.startsWith('ال') ? w.slice(2) : w))
    .join('');
}

/** The active zone of a governorate (by its English or Arabic name), or null when we do not deliver there. */
export async function zoneForGovernorate(db: DbOrTx, governorate: string): Promise<ZoneRow | null> {
  const key = governorateKey(governorate);
  if (!key) return null;
  const zones = await db.select().from(deliveryZones).where(eq(deliveryZones.active, true));
  return zones.find((z) => governorateKey(z.nameEn) === key || governorateKey(z.nameAr) === key) ?? null;
}

/**
 * A governorate as the shopper typed it, in `locale` when it is its delivery zone's name in either language
 * ("الجيزة" reads "Giza" on an English page); as typed otherwise.
 */
export function governorateIn(
  locale: Locale,
  typed: string,
  zone: { name_en: string; name_ar: string } | null | undefined,
): string {
  if (!zone) return typed;
  const key = governorateKey(typed);
  const named = key && (governorateKey(zone.name_en) === key || governorateKey(zone.name_ar) === key);
  return named ? pick(locale, zone.name_en, zone.name_ar) : typed;
}

/** A governorate's names in both languages (its delivery zone's). */
export interface GovernorateNames {
  en: string;
  ar: string;
}

/**
 * What finds a governorate written as a shopper typed it (an order's snapshot, "Giza" or "الجيزة") its delivery
 * zone's names in both languages, so the back office shows it in the staff member's language; every zone counts
 * (one no longer served still names its old orders), an active one first. Null: no zone has that name.
 */
export async function governorateNamer(
  db: DbOrTx,
): Promise<(governorate: string) => GovernorateNames | null> {
  const zones = await db
    .select({ en: deliveryZones.nameEn, ar: deliveryZones.nameAr })
    .from(deliveryZones)
    .orderBy(desc(deliveryZones.active), asc(deliveryZones.id));
  const byKey = new Map<string, GovernorateNames>();
  for (const z of zones)
    for (const name of [z.en, z.ar]) {
      const key = governorateKey(name);
      if (key && !byKey.has(key)) byKey.set(key, { en: z.en, ar: z.ar });
    }
  return (governorate) => byKey.get(governorateKey(governorate)) ?? null;
}

export function toZone(z: ZoneRow, locale: Locale): DeliveryZone {
  return {
    id: z.id,
    name: pick(locale, z.nameEn, z.nameAr),
    name_en: z.nameEn,
    name_ar: z.nameAr,
    shipping_fees: toEgp(z.shippingFeesPiastres),
    free_shipping_from: z.freeShippingFromPiastres === null ? null : toEgp(z.freeShippingFromPiastres),
    delivery_days: { min: z.deliveryDaysMin, max: z.deliveryDaysMax },
  };
}

const collators = { ar: new Intl.Collator('ar'), en: new Intl.Collator('en') };

/** The governorates we deliver to, in the alphabetical order of the shopper's language (not English's in Arabic). */
export async function listDeliveryZones(db: DbOrTx, locale: Locale): Promise<DeliveryZone[]> {
  const zones = await db
    .select()
    .from(deliveryZones)
    .where(eq(deliveryZones.active, true))
    .orderBy(asc(deliveryZones.nameEn));
  const collator = collators[locale];
  return zones.map((z) => toZone(z, locale)).sort((a, b) => collator.compare(a.name, b.name));
}

/* ---------------- addresses ---------------- */

export function toAddress(a: AddressRow, zone: ZoneRow | null, locale: Locale): Address {
  return {
    id: a.id,
    label: a.label,
    street_name: a.streetName,
    street: a.streetName,
    building: a.building,
    floor: a.floor,
    apartment: a.apartment,
    district: a.district,
    governorate: a.governorate,
    instructions: a.instructions,
    number_type: a.numberType === 'home' ? 'home' : 'mobile',
    phone_number: a.phoneNumber,
    city_code: a.cityCode,
    lat: a.lat,
    lng: a.lng,
    name: a.name,
    delivery_zone: zone ? toZone(zone, locale) : null,
    created_at: a.createdAt.toISOString(),
  };
}

/** The saved values as the form would send them (PUT merges the body over these). */
export function toFormValues(a: AddressRow): AddressFormValues {
  return {
    label: a.label,
    street_name: a.streetName,
    building: a.building,
    floor: a.floor,
    apartment: a.apartment,
    district: a.district,
    governorate: a.governorate,
    instructions: a.instructions ?? undefined,
    number_type: a.numberType,
    phone_number: a.phoneNumber,
    city_code: a.cityCode ?? undefined,
    lat: a.lat,
    lng: a.lng,
    name: a.name,
  };
}

const columns = (input: AddressInput) => ({
  label: input.label,
  streetName: input.street_name,
  building: input.building,
  floor: input.floor,
  apartment: input.apartment,
  district: input.district,
  governorate: input.governorate,
  instructions: input.instructions,
  numberType: input.number_type,
  phoneNumber: input.phone_number,
  cityCode: input.city_code,
  lat: input.lat,
  lng: input.lng,
  name: input.name,
});

async function requireZone(db: DbOrTx, governorate: string) {
  const zone = await zoneForGovernorate(db, governorate);
  if (!zone) throw AppError.field('governorate', 'governorate_not_served');
  return zone;
}

/** A live (not deleted) address of this user, or null. */
export async function findUserAddress(db: DbOrTx, userId: number, id: number) {
  const [row] = await db
    .select({ address: addresses, zone: deliveryZones })
    .from(addresses)
    .leftJoin(deliveryZones, eq(deliveryZones.id, addresses.deliveryZoneId))
    .where(and(eq(addresses.id, id), eq(addresses.userId, userId), isNull(addresses.deletedAt)))
    .limit(1);
  return row ?? null;
}

export async function listAddresses(db: DbOrTx, userId: number, locale: Locale): Promise<Address[]> {
  const rows = await db
    .select({ address: addresses, zone: deliveryZones })
    .from(addresses)
    .leftJoin(deliveryZones, eq(deliveryZones.id, addresses.deliveryZoneId))
    .where(and(eq(addresses.userId, userId), isNull(addresses.deletedAt)))
    .orderBy(desc(addresses.createdAt), desc(addresses.id));
  return rows.map((r) => toAddress(r.address, r.zone, locale));
}

/** Another user's address, or a deleted one, is "not found" (404), never "forbidden". */
export async function getAddress(db: DbOrTx, userId: number, id: number, locale: Locale): Promise<Address> {
  const row = await findUserAddress(db, userId, id);
  if (!row) throw AppError.notFound('address_not_found');
  return toAddress(row.address, row.zone, locale);
}

export async function createAddress(
  db: DbOrTx,
  userId: number,
  input: AddressInput,
  locale: Locale,
  now: Date,
): Promise<Address> {
  const zone = await requireZone(db, input.governorate);
  const [row] = await db
    .insert(addresses)
    .values({ ...columns(input), userId, deliveryZoneId: zone.id, createdAt: now, updatedAt: now })
    .returning();
  return toAddress(row!, zone, locale);
}

/**
 * Saves the new values. The delivery zone follows the governorate. An order already placed keeps the snapshot it
 * took at checkout; the cart order (if this address is on it) gets the new zone's fee.
 */
export async function updateAddress(
  db: DbOrTx,
  userId: number,
  id: number,
  input: AddressInput,
  locale: Locale,
  now: Date,
): Promise<Address> {
  const zone = await requireZone(db, input.governorate);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(addresses)
      .set({ ...columns(input), deliveryZoneId: zone.id, updatedAt: now })
      .where(and(eq(addresses.id, id), eq(addresses.userId, userId), isNull(addresses.deletedAt)))
      .returning();
    if (!row) throw AppError.notFound('address_not_found');
    await addressChanged.run(tx, {
      userId,
      addressId: id,
      shippingFeesPiastres: zone.shippingFeesPiastres,
      freeShippingFromPiastres: zone.freeShippingFromPiastres,
      now,
    });
    return toAddress(row, zone, locale);
  });
}

/**
 * Soft delete (deleted_at): placed orders keep their address. A cart order that had it chosen loses it (and its
 * shipping fee), so checkout asks for an address again.
 */
export async function deleteAddress(db: DbOrTx, userId: number, id: number, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .update(addresses)
      .set({ deletedAt: now, updatedAt: now })
      .where(and(eq(addresses.id, id), eq(addresses.userId, userId), isNull(addresses.deletedAt)))
      .returning({ id: addresses.id });
    if (!row) throw AppError.notFound('address_not_found');
    await addressChanged.run(tx, {
      userId,
      addressId: id,
      shippingFeesPiastres: null,
      freeShippingFromPiastres: null,
      now,
    });
  });
}

/** The saved address as form values, for PUT's merge (404 when it is not this user's). */
export async function addressFormValues(db: DbOrTx, userId: number, id: number) {
  const row = await findUserAddress(db, userId, id);
  if (!row) throw AppError.notFound('address_not_found');
  return toFormValues(row.address);
}
