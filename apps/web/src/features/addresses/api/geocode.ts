import type { Locale } from '@store/contracts/constants';
import { api } from '../../../lib/api-client';

/** What the map shows when the address of a position cannot be found (spec §2). */
export const GEOCODE_FAILED = 'N/A';

/** The label of a map position, through the API's geocoder; 'N/A' when it fails. */
export async function reverseGeocode(lat: number, lng: number): Promise<{ name: string; governorate: string | null }> {
  try {
    const r = await api<{ name: string; governorate: string | null }>('geocode/reverse', { query: { lat: lat.toFixed(6), lng: lng.toFixed(6) } });
    return { name: r.name?.trim() ? r.name : GEOCODE_FAILED, governorate: r.governorate ?? null };
  } catch {
    return { name: GEOCODE_FAILED, governorate: null };
  }
}

export interface Place {
  lat: number;
  lng: number;
  label: string;
}

/** The map's search box: places in Egypt from OpenStreetMap's Nominatim (DESIGN.md's default maps provider). */
export async function searchPlaces(query: string, locale: Locale, signal?: AbortSignal): Promise<Place[]> {
  const url = new URL('https://nominatim.openstreetmap.org/search');
  url.searchParams.set('format', 'jsonv2');
  url.searchParams.set('q', query);
  url.searchParams.set('countrycodes', 'eg');
  url.searchParams.set('limit', '5');
  url.searchParams.set('accept-language', locale);
  const res = await fetch(url, { signal, headers: { accept: 'application/json' } });
  if (!res.ok) throw new Error(`place search answered ${res.status}`);
  const body = (await res.json()) as { lat?: string; lon?: string; display_name?: string }[];
  return (Array.isArray(body) ? body : [])
    .map((p) => ({ lat: Number(p.lat), lng: Number(p.lon), label: String(p.display_name ?? '') }))
    .filter((p) => Number.isFinite(p.lat) && Number.isFinite(p.lng) && p.label);
}
