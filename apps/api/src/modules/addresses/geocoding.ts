/**
 * The address map's geocoding as the store asks its provider (issue 12): GET /v1/geocode/reverse and
 * /v1/geocode/search go through here, never straight to the adapter.
 *
 * - Repeated questions are answered from memory: a pin's label by its position rounded to 5 decimals (about a
 *   metre, finer than any label) and the language; a search by its normalized text and the language. Each kind
 *   is a bounded LRU with a time to live, in this process only: it is a cache, never the only copy of anything.
 * - Identical questions in flight share one call to the provider.
 * - A question the cache cannot answer counts against the signed-in user and the caller's address
 *   (`rate_limits`, every instance), then waits for a turn at the provider: at most `ratePerSecond` calls a second
 *   over every instance (Nominatim's policy: 1). Turns are handed out through `rate_limits` too (UpstreamPace);
 *   a question that would wait longer than `maxWaitMs` is answered 429 with Retry-After at once.
 */
import type { Locale } from '@store/contracts';
import type { Geocoder, Place, ReverseGeocode } from '../../adapters/geocoder.ts';
import { GEOCODE_FAILED } from '../../adapters/geocoder.ts';
import type { DbOrTx } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { enforce, hit, type Limit } from '../../lib/rate-limit.ts';

export interface GeocodingOptions {
  /** Most calls a second to the provider, over every instance (GEOCODER_RATE_PER_SECOND). */
  ratePerSecond: number;
  /** Longest wait for a turn at the provider (ms); a question that would wait longer is answered 429. */
  maxWaitMs: number;
  /** Questions the cache could not answer, per signed-in user and per address (IP). */
  perUser: Limit;
  perIp: Limit;
  /** Answers remembered, of each kind (labels, searches). */
  cacheEntries: number;
  /** How long an answer is remembered (ms). */
  cacheTtlMs: number;
  /** How long a label that could not be found ('N/A') is remembered (ms): a provider's bad minute passes. */
  failedTtlMs: number;
}

export const DEFAULT_GEOCODING: GeocodingOptions = {
  ratePerSecond: 1,
  maxWaitMs: 3000,
  // A shopper placing a pin asks a handful of labels and searches; the whole store gets 60 a minute at 1/s.
  perUser: { max: 30, windowSeconds: 60 },
  // Mobile networks put many shoppers behind one address.
  perIp: { max: 120, windowSeconds: 60 },
  cacheEntries: 10_000,
  cacheTtlMs: 24 * 3_600_000,
  failedTtlMs: 60_000,
};

/** 429: every turn at the provider in the next few seconds is taken. */
export function geocoderBusy(seconds: number) {
  return new AppError(
    429,
    'geocoder_busy',
    ['geocoder_busy'],
    { retry_after: seconds },
    { 'retry-after': String(seconds) },
  );
}

/** A bounded map, least recently used out first, whose entries expire. */
export class TtlCache<V> {
  private entries = new Map<string, { value: V; expires: number }>();
  constructor(
    private readonly maxEntries: number,
    private readonly now: () => number,
  ) {}

  get(key: string): V | undefined {
    const e = this.entries.get(key);
    if (!e) return undefined;
    this.entries.delete(key);
    if (e.expires <= this.now()) return undefined;
    this.entries.set(key, e); // most recently used last (a Map keeps insertion order)
    return e.value;
  }

  set(key: string, value: V, ttlMs: number) {
    this.entries.delete(key);
    if (this.entries.size >= this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    this.entries.set(key, { value, expires: this.now() + ttlMs });
  }

  get size() {
    return this.entries.size;
  }
}

/**
 * Turns at the provider, shared by every instance through the rate_limits table. Time is cut into slots of
 * 1/rate seconds; slot n is a counter of its own (`geocoder:upstream:<n>`, counted as of the slot's start, so
 * every instance counts it in the same row). The caller whose hit makes it 1 owns the slot and calls the
 * provider at its start; the others try the next slot, up to `maxWaitMs` ahead. Calls therefore start at least
 * a slot apart (less the clocks' difference between machines), however many instances ask.
 *
 * Each instance remembers the first slot it does not know to be taken, so concurrent callers here try
 * different slots and, once every slot within reach is taken, are turned away without asking the database.
 */
export class UpstreamPace {
  private nextSlot = 0;
  constructor(
    private readonly db: DbOrTx,
    private readonly ratePerSecond: number,
    private readonly maxWaitMs: number,
    private readonly now: () => number,
    private readonly sleep: (ms: number) => Promise<void> = (ms) => new Promise((r) => setTimeout(r, ms)),
  ) {}

  /** Resolves when the caller may call the provider; throws geocoderBusy when no turn is free in time. */
  async turn(): Promise<void> {
    const interval = 1000 / this.ratePerSecond;
    // A turn won too late (a slow database) is given up: the next slot's owner calls on time.
    const lateness = Math.min(100, interval / 4);
    const start = this.now();
    const last = Math.floor((start + this.maxWaitMs) / interval);
    let slot = Math.max(Math.ceil(start / interval), this.nextSlot);
    while (slot <= last) {
      this.nextSlot = Math.max(this.nextSlot, slot + 1);
      const at = slot * interval;
      const { blockedFor } = await hit(
        this.db,
        `geocoder:upstream:${slot}`,
        { max: 1, windowSeconds: 1 },
        new Date(at),
      );
      if (blockedFor === 0) {
        const wait = at - this.now();
        if (wait > 0) await this.sleep(wait);
        if (wait > -lateness) return;
      }
      slot = Math.max(slot + 1, this.nextSlot);
    }
    throw geocoderBusy(Math.max(1, Math.ceil((this.nextSlot * interval - start - this.maxWaitMs) / 1000)));
  }
}

export interface Caller {
  userId: number;
  ip: string;
}

/** 5 decimals: about 1.1 m, finer than the label of a position changes. */
const round5 = (x: number) => Math.round(x * 1e5) / 1e5;

/** The text of a search as the provider sees it: the same words, however they were spaced or capitalized. */
export const normalizeQuery = (q: string) => q.normalize('NFKC').trim().replace(/\s+/g, ' ').toLowerCase();

interface InFlight<V> {
  answer: Promise<V>;
  /** The asker's own limit error, if that is how it ended. */
  askerLimited: unknown;
}

/** One per app: the caches and the instance's view of the provider's turns live here. */
export class Geocoding {
  private readonly labels: TtlCache<ReverseGeocode>;
  private readonly places: TtlCache<Place[]>;
  private readonly inflight = new Map<string, InFlight<unknown>>();
  private readonly pace: UpstreamPace;

  constructor(
    private readonly geocoder: Geocoder,
    private readonly db: DbOrTx,
    private readonly opts: GeocodingOptions,
    private readonly now: () => number,
  ) {
    this.labels = new TtlCache(opts.cacheEntries, now);
    this.places = new TtlCache(opts.cacheEntries, now);
    this.pace = new UpstreamPace(db, opts.ratePerSecond, opts.maxWaitMs, now);
  }

  /** The label of a position ('N/A' when the provider has none or fails); 429 when the caller or the provider is at its limit. */
  reverse(lat: number, lng: number, locale: Locale, caller: Caller): Promise<ReverseGeocode> {
    const [la, ln] = [round5(lat), round5(lng)];
    const key = `reverse ${locale} ${la} ${ln}`;
    return this.answer(key, this.labels, caller, async () => {
      const label = await this.geocoder.reverse(la, ln, locale);
      const failed = label.name === GEOCODE_FAILED;
      this.labels.set(key, label, failed ? this.opts.failedTtlMs : this.opts.cacheTtlMs);
      return label;
    });
  }

  /** Places in Egypt; throws GeocoderUnavailable when the provider cannot answer (not remembered). */
  search(query: string, locale: Locale, caller: Caller): Promise<Place[]> {
    const q = normalizeQuery(query);
    const key = `search ${locale} ${q}`;
    return this.answer(key, this.places, caller, async () => {
      const found = await this.geocoder.search(q, locale);
      this.places.set(key, found, this.opts.cacheTtlMs);
      return found;
    });
  }

  /**
   * From memory, or by joining the same question in flight, or by asking: then the caller's limits are counted
   * and the question waits for its turn at the provider. Those who joined share its answer or its error, except
   * when the asker itself was over its limits: then each asks for itself.
   */
  private async answer<V>(
    key: string,
    cache: TtlCache<V>,
    caller: Caller,
    ask: () => Promise<V>,
  ): Promise<V> {
    for (;;) {
      const known = cache.get(key);
      if (known !== undefined) return known;
      const joined = this.inflight.get(key) as InFlight<V> | undefined;
      if (!joined) break;
      try {
        return await joined.answer;
      } catch (err) {
        if (err !== joined.askerLimited) throw err;
      }
    }
    const flight = { askerLimited: undefined as unknown } as InFlight<V>;
    flight.answer = (async () => {
      try {
        await enforce(
          this.db,
          [
            { key: `geocode:user:${caller.userId}`, limit: this.opts.perUser },
            { key: `geocode:ip:${caller.ip}`, limit: this.opts.perIp },
          ],
          new Date(this.now()),
        );
      } catch (err) {
        flight.askerLimited = err;
        throw err;
      }
      await this.pace.turn();
      return ask();
    })().finally(() => {
      if (this.inflight.get(key) === flight) this.inflight.delete(key);
    });
    this.inflight.set(key, flight);
    return flight.answer;
  }

  /** Answers remembered (labels + searches), for tests. */
  get size() {
    return this.labels.size + this.places.size;
  }
}
