/**
 * Maps (DESIGN.md): the label of a map position (GET /v1/geocode/reverse) and the map's place search
 * (GET /v1/geocode/search). The storefront asks only our API, so the provider, its address and any key are
 * configured once, on the server (GEOCODER_URL). `reverse` never throws: on any failure the label is 'N/A'
 * (spec §2). `search` throws GeocoderUnavailable when the provider cannot answer, so "nothing found" and
 * "search is down" read differently to the shopper.
 */
import type { Locale } from '@store/contracts';

export const GEOCODE_FAILED = 'N/A';

export interface ReverseGeocode {
  /** The formatted address of the position, or 'N/A'. */
  name: string;
  /** The governorate (state) when the geocoder knows it. */
  governorate: string | null;
}

export interface Place {
  lat: number;
  lng: number;
  label: string;
}

export class GeocoderUnavailable extends Error {}

export interface Geocoder {
  readonly name: string;
  reverse(lat: number, lng: number, locale: Locale): Promise<ReverseGeocode>;
  /** Places in Egypt matching `query`, best first, at most 5. */
  search(query: string, locale: Locale): Promise<Place[]>;
}

export interface NominatimOptions {
  /** Base address, e.g. https://nominatim.openstreetmap.org (GEOCODER_URL). */
  url: string;
  /** Nominatim's usage policy asks every client to identify itself. */
  userAgent: string;
  timeoutMs?: number;
  fetch?: typeof fetch;
}

interface NominatimReverse {
  display_name?: unknown;
  address?: { state?: unknown; province?: unknown; city?: unknown };
  error?: unknown;
}

/** Nominatim's /reverse and /search (format jsonv2). */
export class NominatimGeocoder implements Geocoder {
  readonly name = 'nominatim';
  constructor(private readonly opts: NominatimOptions) {}

  private request(url: URL) {
    return (this.opts.fetch ?? fetch)(url, {
      headers: { 'user-agent': this.opts.userAgent, accept: 'application/json' },
      signal: AbortSignal.timeout(this.opts.timeoutMs ?? 5000),
    });
  }

  private endpoint(path: 'reverse' | 'search', params: Record<string, string>, locale: Locale) {
    const url = new URL(path, this.opts.url.endsWith('/') ? this.opts.url : `${this.opts.url}/`);
    url.search = new URLSearchParams({ format: 'jsonv2', ...params, 'accept-language': locale }).toString();
    return url;
  }

  async search(query: string, locale: Locale): Promise<Place[]> {
    const url = this.endpoint('search', { q: query, countrycodes: 'eg', limit: '5' }, locale);
    let body: unknown;
    try {
      const res = await this.request(url);
      if (!res.ok) throw new GeocoderUnavailable(`place search answered ${res.status}`);
      body = await res.json();
    } catch (err) {
      throw err instanceof GeocoderUnavailable ? err : new GeocoderUnavailable(String(err));
    }
    if (!Array.isArray(body))
      throw new GeocoderUnavailable('place search answered something else than a list');
    return (body as { lat?: unknown; lon?: unknown; display_name?: unknown }[])
      .map((p) => ({ lat: Number(p.lat), lng: Number(p.lon), label: String(p.display_name ?? '').trim() }))
      .filter((p) => Number.isFinite(p.lat) && Number.isFinite(p.lng) && p.label !== '');
  }

  async reverse(lat: number, lng: number, locale: Locale): Promise<ReverseGeocode> {
    const url = this.endpoint(
      'reverse',
      { lat: String(lat), lon: String(lng), zoom: '18', addressdetails: '1' },
      locale,
    );
    try {
      const res = await this.request(url);
      if (!res.ok) return failed();
      const body = (await res.json()) as NominatimReverse;
      if (body.error || typeof body.display_name !== 'string' || body.display_name.trim() === '')
        return failed();
      const state = body.address?.state ?? body.address?.province ?? null;
      return { name: body.display_name, governorate: typeof state === 'string' ? state : null };
    } catch {
      return failed();
    }
  }
}

const failed = (): ReverseGeocode => ({ name: GEOCODE_FAILED, governorate: null });
