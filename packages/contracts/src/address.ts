/**
 * The address form's rules (spec §5), one schema for the web form and the API.
 * Field errors are message keys of apiMessages ('required', 'too_long:50', 'digits_only', ...).
 *
 * Choices where the spec says "not shown":
 * - number_type is 'mobile' or 'home' (any case is accepted and lower-cased).
 * - Mobile numbers follow the accounts rule (EGYPT_MOBILE_PATTERN: 010, 011, 012, 015 + 8 digits). Home numbers are the local part (6 to 8 digits) and need a
 *   city_code from HOME_PHONE_PREFIXES; city_code is dropped (null) for mobile numbers.
 * - Arabic-Indic digits in phone numbers and coordinates are accepted and saved as Latin digits.
 * - A missing or invalid map position or map name gives 'choose_location_on_map' on `lat`, `lng` and/or `name`:
 *   any error on one of MAP_FIELDS means "open the map validation modal".
 * - `street` is accepted as another name of `street_name` (spec §3).
 */
import { z } from 'zod';
import { ADDRESS_INSTRUCTIONS_MAX, ADDRESS_TEXT_MAX, HOME_PHONE_PREFIXES } from './constants.ts';
import { EGYPT_MOBILE_PATTERN, latinDigits } from './auth.ts';
import { idParam } from './catalog.ts';
import { text } from './text.ts';

export const NUMBER_TYPES = ['mobile', 'home'] as const;
export type NumberType = (typeof NUMBER_TYPES)[number];
/** The same mobile rule as accounts (auth.ts): 010, 011, 012 or 015 and 8 more digits. */
export const MOBILE_NUMBER_PATTERN = EGYPT_MOBILE_PATTERN;
export const HOME_NUMBER_PATTERN = /^\d{6,8}$/;
export const MAP_FIELDS = ['lat', 'lng', 'name'] as const;
export const ADDRESS_TEXT_FIELDS = [
  'label',
  'street_name',
  'building',
  'floor',
  'apartment',
  'district',
  'governorate',
] as const;

const trimmed = (v: unknown) => (typeof v === 'string' ? v.trim() : v);
const blankToUndefined = (v: unknown) => {
  const t = trimmed(v);
  return t === '' || t === null ? undefined : t;
};

/** One line of an address: no control or bidi characters (text.ts), required, at most ADDRESS_TEXT_MAX. */
const requiredText = z.preprocess(
  trimmed,
  text()
    .min(1, { error: 'required', abort: true })
    .max(ADDRESS_TEXT_MAX, { error: `too_long:${ADDRESS_TEXT_MAX}` }),
);

const mapMessage = 'choose_location_on_map';
const coordinate = (limit: number) =>
  z.preprocess(
    (v) => {
      const t = blankToUndefined(v);
      return typeof t === 'string' ? Number(latinDigits(t).replace(/\u066B/g, '.')) : t;
    },
    z
      .number({ error: mapMessage })
      .refine(Number.isFinite, { error: mapMessage })
      .min(-limit, { error: mapMessage })
      .max(limit, { error: mapMessage }),
  );

/** The address fields as a form or a request sends them (before the cross-field rules). */
const addressFieldsSchema = z.object({
  label: requiredText,
  street_name: requiredText,
  building: requiredText,
  floor: requiredText,
  apartment: requiredText,
  district: requiredText,
  governorate: requiredText,
  instructions: z.preprocess(
    blankToUndefined,
    text({ multiline: true, typeError: 'invalid_value' })
      .max(ADDRESS_INSTRUCTIONS_MAX, { error: `too_long:${ADDRESS_INSTRUCTIONS_MAX}` })
      .optional(),
  ),
  number_type: z.preprocess(
    (v) => (typeof v === 'string' ? v.trim().toLowerCase() : v),
    z.enum(NUMBER_TYPES, {
      error: (iss) =>
        iss.input === undefined || iss.input === '' ? 'required' : 'must_be_one_of:mobile, home',
    }),
  ),
  phone_number: z.preprocess(
    (v) => (typeof v === 'string' ? latinDigits(v.trim()) : v),
    z
      .string({ error: 'required' })
      .min(1, { error: 'required', abort: true })
      .regex(/^\d+$/, { error: 'digits_only', abort: true }),
  ),
  city_code: z.preprocess(
    blankToUndefined,
    text({ typeError: 'invalid_value' }).max(10, { error: 'too_long:10' }).optional(),
  ),
  lat: coordinate(90),
  lng: coordinate(180),
  name: z.preprocess(blankToUndefined, text({ typeError: mapMessage }).max(500, { error: 'too_long:500' })),
});

/**
 * The address form / POST and PUT v1/users/addresses body (inside `address`). Output: clean values, instructions
 * and city_code null when absent.
 */
export const addressInputSchema = z
  .preprocess((v) => {
    if (v && typeof v === 'object' && !Array.isArray(v)) {
      const o = v as Record<string, unknown>;
      if (o.street_name === undefined && o.street !== undefined) return { ...o, street_name: o.street };
    }
    return v;
  }, addressFieldsSchema)
  .superRefine((a, ctx) => {
    // Zod runs this even when a field failed: judge the number only when it is digits.
    const digits = typeof a.phone_number === 'string' && /^\d+$/.test(a.phone_number);
    if (a.number_type === 'mobile' && digits && !MOBILE_NUMBER_PATTERN.test(a.phone_number)) {
      ctx.addIssue({ code: 'custom', path: ['phone_number'], message: 'mobile_number_invalid' });
    }
    if (a.number_type === 'home') {
      if (digits && !HOME_NUMBER_PATTERN.test(a.phone_number)) {
        ctx.addIssue({ code: 'custom', path: ['phone_number'], message: 'home_number_invalid' });
      }
      if (a.city_code === undefined) {
        ctx.addIssue({ code: 'custom', path: ['city_code'], message: 'required' });
      } else if (!(HOME_PHONE_PREFIXES as readonly string[]).includes(a.city_code)) {
        ctx.addIssue({
          code: 'custom',
          path: ['city_code'],
          message: `must_be_one_of:${HOME_PHONE_PREFIXES.join(', ')}`,
        });
      }
    }
  })
  .transform((a) => ({
    label: a.label,
    street_name: a.street_name,
    building: a.building,
    floor: a.floor,
    apartment: a.apartment,
    district: a.district,
    governorate: a.governorate,
    instructions: a.instructions ?? null,
    number_type: a.number_type,
    phone_number: a.phone_number,
    city_code: a.number_type === 'home' ? (a.city_code ?? null) : null,
    lat: a.lat,
    lng: a.lng,
    name: a.name,
  }));
export type AddressInput = z.infer<typeof addressInputSchema>;
/** What a form holds before validation (every field a string or absent). */
export type AddressFormValues = z.input<typeof addressFieldsSchema>;

/* ---------- responses ---------- */

export const deliveryZoneSchema = z.object({
  id: z.number().int(),
  /** Governorate name in the request's locale. */
  name: z.string(),
  name_en: z.string(),
  name_ar: z.string(),
  /** EGP. */
  shipping_fees: z.number(),
  /**
   * EGP: orders of products worth this much or more are delivered free in this zone; null: never. Absent from
   * the zone inside addresses kept with orders placed before it existed.
   */
  free_shipping_from: z.number().nullable().optional(),
  /** Days from an order to its delivery here, at the soonest and at the latest. */
  delivery_days: z.object({ min: z.number().int(), max: z.number().int() }),
});
export type DeliveryZone = z.infer<typeof deliveryZoneSchema>;

export const addressSchema = z.object({
  id: z.number().int(),
  label: z.string(),
  street_name: z.string(),
  /** Same as street_name (spec §3 names both). */
  street: z.string(),
  building: z.string(),
  floor: z.string(),
  apartment: z.string(),
  district: z.string(),
  governorate: z.string(),
  instructions: z.string().nullable(),
  number_type: z.enum(NUMBER_TYPES),
  phone_number: z.string(),
  city_code: z.string().nullable(),
  lat: z.number(),
  lng: z.number(),
  name: z.string(),
  // An order keeps its address as it was (a snapshot): those of orders placed before the zones had delivery days
  // (migration 0017) have none.
  delivery_zone: deliveryZoneSchema.partial({ delivery_days: true }).nullable(),
  created_at: z.string(),
});
export type Address = z.infer<typeof addressSchema>;

export const addressResponseSchema = z.object({ address: addressSchema });
export const addressesResponseSchema = z.object({ addresses: z.array(addressSchema) });
export const deliveryZonesResponseSchema = z.object({ delivery_zones: z.array(deliveryZoneSchema) });
export const addressIdParams = z.object({ id: idParam });

/** GET v1/geocode/reverse: the label of a map position ('N/A' when the geocoder fails). */
export const reverseGeocodeQuerySchema = z.object({
  lat: z.coerce.number({ error: 'invalid_value' }).min(-90, { error: 'must_be_at_least:-90' }).max(90, {
    error: 'must_be_at_most:90',
  }),
  lng: z.coerce.number({ error: 'invalid_value' }).min(-180, { error: 'must_be_at_least:-180' }).max(180, {
    error: 'must_be_at_most:180',
  }),
  locale: z.enum(['ar', 'en'], { error: 'must_be_one_of:ar, en' }).optional(),
});
export const placeSearchQuerySchema = z.object({
  q: text({ allowBidi: true }).min(2, { error: 'must_be_at_least:2' }).max(200, {
    error: 'must_be_at_most:200',
  }),
  locale: z.enum(['ar', 'en'], { error: 'must_be_one_of:ar, en' }).optional(),
});
/** Places in Egypt matching the map's search box, best first (at most 5). */
export const placeSearchResponseSchema = z.object({
  places: z.array(z.object({ lat: z.number(), lng: z.number(), label: z.string() })),
});
export const reverseGeocodeResponseSchema = z.object({
  name: z.string(),
  /** The governorate the geocoder found, when it found one (to pre-fill the form). */
  governorate: z.string().nullable(),
});
