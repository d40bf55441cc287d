import { api } from '../../../lib/api-client';

/** What the map shows when the address of a position cannot be found (spec §2). */
export const GEOCODE_FAILED = 'N/A';

/** The label of a map position, through the API's geocoder; 'N/A' when it fails. */
export async function reverseGeocode(
  lat: number,
  lng: number,
): Promise<{ name: string; governorate: string | null }> {
  try {
    const r = await api<{ name: string; governorate: string | null }>('geocode/reverse', {
      query: { lat: lat.toFixed(6), lng: lng.toFixed(6) },
    });
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

/** The map's search box: places in Egypt through the API's geocoder; throws when the search is down. */
export async function searchPlaces(query: string, signal?: AbortSignal): Promise<Place[]> {
  const r = await api<{ places: Place[] }>('geocode/search', { query: { q: query }, signal });
  return r.places;
}
