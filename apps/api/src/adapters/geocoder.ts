/**
 * Maps (DESIGN.md): the label of a map position. The storefront calls Nominatim from the browser by default; the
 * server's geocoder backs GET /v1/geocode/reverse for clients that prefer not to (or when a key must stay secret).
 * A geocoder never throws: on any failure the label is 'N/A' (spec §2).
 */
import type { Locale } from '@store/contracts';

export const GEOCODE_FAILED = 'N/A';

export interface ReverseGeocode {
  /** The formatted address of the position, or 'N/A'. */
  name: string;
  /** The governorate (state) when the geocoder knows it. */
  governorate: string | null;
}

export interface Geocoder {
  readonly name: string;
  reverse(lat: number, lng: number, locale: Locale): Promise<ReverseGeocode>;
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

/** Nominatim's /reverse (format jsonv2). */
export class NominatimGeocoder implements Geocoder {
  readonly name = 'nominatim';
  constructor(private readonly opts: NominatimOptions) {}

  async reverse(lat: number, lng: number, locale: Locale): Promise<ReverseGeocode> {
    const url = new URL('reverse', this.opts.url.endsWith('/') ? this.opts.url : `${this.opts.url}/`);
    url.searchParams.set('format', 'jsonv2');
    url.searchParams.set('lat', String(lat));
    url.searchParams.set('lon', String(lng));
    url.searchParams.set('zoom', '18');
    url.searchParams.set('addressdetails', '1');
    url.searchParams.set('accept-language', locale);
    try {
      const res = await (this.opts.fetch ?? fetch)(url, {
        headers: { 'user-agent': this.opts.userAgent, accept: 'application/json' },
        signal: AbortSignal.timeout(this.opts.timeoutMs ?? 5000),
      });
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
