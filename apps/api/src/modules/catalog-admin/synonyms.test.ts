import { ADMIN_SYNONYMS_PER_PAGE, apiMessage, SYNONYM_WORDS_MAX } from '@store/contracts';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, searchSynonyms, staff } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { addBrand, addCategory, addProduct } from '../../test/fixtures.ts';
import { call } from '../../test/shoppers.ts';
import { ownerCatalogClerk } from '../../test/staff.ts';

/**
 * Search synonyms in the back office (decision 020): a synonym a catalog staff member adds is what the store's
 * search reads at once, and stops reading when it is deleted; both sides are kept as the search reads them; a pair
 * already there, the same words twice, too many words or no letters are refused in the staff member's language
 * and change nothing; only owners and catalog staff may do it, and every change is in the audit log.
 */
const PASSWORD = 'Shelf-count-1987';
let t: TestApp;
let owner: Record<string, string>;
let catalog: Record<string, string>;
let clerk: Record<string, string>;
let samirId: number;
let chargers: number[];

beforeAll(async () => {
  t = await createTestApp();
  ({ owner, catalog, clerk } = await ownerCatalogClerk(t, PASSWORD));
  [{ id: samirId }] = (await t.database.db
    .select({ id: staff.id })
    .from(staff)
    .where(eq(staff.email, 'shelves@store.example'))) as [{ id: number }];

  const db = t.database.db;
  const cat = await addCategory(db, 'Accessories', 'اكسسوارات');
  const brand = await addBrand(db, 'Voltra', 'فولترا');
  const product = (titleEn: string, titleAr: string) =>
    addProduct(db, { titleEn, titleAr, categoryId: cat.id, brandId: brand.id, priceEgp: 450 }, t.clock.now());
  chargers = [
    (await product('Fast wall charger 20W', 'شاحن حائط سريع 20 وات')).id,
    (await product('Car charger dual USB', 'شاحن سيارة مزدوج')).id,
  ].sort((a, b) => a - b);
  await product('Phone case clear', 'جراب موبايل شفاف');
  await product('USB-C cable 1m', 'كابل تايب سي 1 متر');
});
afterAll(async () => {
  await t?.close();
});

type Synonym = { id: number; term: string; alternative: string; two_way: boolean };
const api = (method: 'GET' | 'POST' | 'DELETE', url: string, body?: unknown, headers = catalog) =>
  call(t.app, method, url, headers, body);
const add = (term: string, alternative: string, two_way?: boolean, locale = 'en', headers = catalog) =>
  api('POST', `/v1/admin/synonyms?locale=${locale}`, { term, alternative, two_way }, headers);
const list = async (query = '') => {
  const r = await api('GET', `/v1/admin/synonyms${query}`);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body as {
    synonyms: Synonym[];
    meta: { total_entries: number; page: number; per_page: number };
  };
};
const shopSearch = async (query: string) => {
  const res = await t.app.inject({
    method: 'GET',
    url: `/v1/products?query=${encodeURIComponent(query)}&locale=en&per_page=100`,
  });
  expect(res.statusCode).toBe(200);
  const body = res.json() as { products: { id: number }[]; meta: { did_you_mean?: string } };
  return { ids: body.products.map((p) => p.id).sort((a, b) => a - b), didYouMean: body.meta.did_you_mean };
};
const table = () =>
  t.database.db
    .select()
    .from(searchSynonyms)
    .orderBy(asc(searchSynonyms.id))
    .then((rows) => rows.map((r) => ({ ...r })));
const auditOf = async (action: string, id: number | string) =>
  t.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.targetId, String(id))));

const addedEntries = async () =>
  (await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'synonym.added'))).length;

let chargr: Synonym;
let chargrFoundAlone: Awaited<ReturnType<typeof shopSearch>>;

describe('adding a synonym', () => {
  it("`Chargr` → `charger` is stored as the search reads it and the store's search uses it at once", async () => {
    // Without the synonym the misspelling finds the chargers only by the typo correction, which says so; with it,
    // the search reads `chargr` as `charger` itself, with no "did you mean".
    chargrFoundAlone = await shopSearch('chargr');
    expect(chargrFoundAlone.didYouMean).toBe('charger');

    const r = await add('  Chargr ', 'CHARGER');
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    chargr = r.body.synonym;
    expect(chargr).toMatchObject({ term: 'chargr', alternative: 'charger', two_way: false });
    expect(await table()).toContainEqual({
      id: chargr.id,
      term: 'chargr',
      alternative: 'charger',
      twoWay: false,
    });

    const found = await shopSearch('chargr');
    expect(found.ids).toEqual(chargers);
    expect(found.didYouMean).toBeUndefined();

    const [entry] = await auditOf('synonym.added', chargr.id);
    expect(entry).toMatchObject({
      staffId: samirId,
      targetType: 'synonym',
      details: { after: { term: 'chargr', alternative: 'charger', two_way: false } },
    });
  });

  it('an everyday Arabic word no typo correction reaches finds the products as soon as it is added', async () => {
    expect(await shopSearch('كهربا شحن')).toEqual({ ids: [], didYouMean: undefined });
    const r = await add('كهربا شحن', 'charger', false, 'ar');
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    expect((await shopSearch('كهربا شحن')).ids).toEqual(chargers);
  });

  it('both sides are normalised as the search reads them (Arabic letter forms, marks, case)', async () => {
    const r = await add('تلاجـة', 'ثَلاجة', true);
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    expect(r.body.synonym).toMatchObject({ term: 'تلاجه', alternative: 'ثلاجه', two_way: true });
  });
});

describe('the list', () => {
  it('shows a synonym, filters by either side as the search reads it, and pages by term', async () => {
    const all = await list();
    expect(all.synonyms.find((s) => s.id === chargr.id)).toEqual(chargr);
    expect(all.meta).toEqual({
      total_entries: (await table()).length,
      page: 1,
      per_page: ADMIN_SYNONYMS_PER_PAGE,
    });

    const byTerm = await list('?q=CHARG');
    expect(byTerm.synonyms.map((s) => s.id)).toContain(chargr.id);
    expect(byTerm.synonyms.every((s) => s.term.includes('charg') || s.alternative.includes('charg'))).toBe(
      true,
    );
    const byAlternative = await list(`?q=${encodeURIComponent('Charger')}`);
    expect(byAlternative.synonyms.map((s) => s.id)).toContain(chargr.id);
    expect(byAlternative.synonyms.map((s) => s.term)).toContain('كهربا شحن');
    // Arabic spelled another way finds the normalised row.
    expect((await list(`?q=${encodeURIComponent('تلاجة')}`)).synonyms.map((s) => s.term)).toEqual(['تلاجه']);
    // `q` is read as the search reads words: punctuation is no pattern (`c_arger` is `c arger`: nothing), and
    // punctuation alone filters nothing.
    expect((await list(`?q=${encodeURIComponent('c_arger')}`)).synonyms).toEqual([]);
    expect((await list('?q=%25')).meta.total_entries).toBe((await table()).length);

    // More than a page: by term, then alternative; the second page holds the rest.
    await t.database.db.insert(searchSynonyms).values(
      Array.from({ length: ADMIN_SYNONYMS_PER_PAGE + 2 }, (_, i) => ({
        term: `pagetest ${String(ADMIN_SYNONYMS_PER_PAGE + 1 - i).padStart(3, '0')}`,
        alternative: 'pagebox',
      })),
    );
    const first = await list('?q=pagetest');
    expect(first.meta).toEqual({
      total_entries: ADMIN_SYNONYMS_PER_PAGE + 2,
      page: 1,
      per_page: ADMIN_SYNONYMS_PER_PAGE,
    });
    expect(first.synonyms).toHaveLength(ADMIN_SYNONYMS_PER_PAGE);
    expect(first.synonyms[0]!.term).toBe('pagetest 000');
    const terms = first.synonyms.map((s) => s.term);
    expect(terms).toEqual([...terms].sort());
    const second = await list('?q=pagetest&page=2');
    expect(second.meta.page).toBe(2);
    expect(second.synonyms.map((s) => s.term)).toEqual([
      `pagetest ${String(ADMIN_SYNONYMS_PER_PAGE).padStart(3, '0')}`,
      `pagetest ${String(ADMIN_SYNONYMS_PER_PAGE + 1).padStart(3, '0')}`,
    ]);
    await t.database.db.delete(searchSynonyms).where(eq(searchSynonyms.alternative, 'pagebox'));
    // A page that is not a whole number is said so, in the staff member's language.
    const bad = await api('GET', '/v1/admin/synonyms?page=abc&locale=ar');
    expect(bad.status).toBe(422);
    expect(bad.body.errors.page).toEqual(['لازم يكون رقم صحيح']);
  });
});

describe('refusals', () => {
  it('the same pair again is refused (409) in English and Arabic, however it is written, and changes nothing', async () => {
    const before = await table();
    const audited = await addedEntries();
    const en = await add('CHARGR', 'Charger!');
    expect(en.status).toBe(409);
    expect(en.body.errors).toEqual([apiMessage('synonym_exists', 'en')]);
    const ar = await add('chargr', 'charger', true, 'ar');
    expect(ar.status).toBe(409);
    expect(ar.body.errors).toEqual([apiMessage('synonym_exists', 'ar')]);
    expect(await table()).toEqual(before);
    expect(await addedEntries()).toBe(audited);
  });

  it('the reverse pair is refused when either row is two-way, and taken when both are one-way', async () => {
    const before = await table();
    // تلاجه ↔ ثلاجه is two-way: its reverse is the same group.
    const reverse = await add('ثلاجة', 'تلاجة');
    expect(reverse.status).toBe(409);
    expect(reverse.body.errors).toEqual([apiMessage('synonym_exists', 'en')]);
    // chargr → charger is one-way: charger ↔ chargr two-way would make it a group a second time.
    const twoWay = await add('charger', 'chargr', true);
    expect(twoWay.status).toBe(409);
    expect(await table()).toEqual(before);

    // Both one-way: each finds the other, which is what two one-way rows say.
    const back = await add('charger', 'chargr');
    expect(back.status, JSON.stringify(back.body)).toBe(201);
    expect((await api('DELETE', `/v1/admin/synonyms/${back.body.synonym.id}`)).status).toBe(204);
  });

  it('the same words on both sides, too many words or no letters: 422 on the field, nothing saved', async () => {
    const before = await table();
    const audited = await addedEntries();
    const same = await add('Laptop', ' laptop ');
    expect(same.status).toBe(422);
    expect(same.body.errors).toEqual({ alternative: [apiMessage('synonym_same_words', 'en')] });
    const sameAr = await add('تلاجة', 'تلاجه', false, 'ar');
    expect(sameAr.status).toBe(422);
    expect(sameAr.body.errors.alternative).toEqual([apiMessage('synonym_same_words', 'ar')]);

    const long = await add('fast wall usb charger', 'charger');
    expect(long.status).toBe(422);
    expect(long.body.errors.term).toEqual([
      apiMessage('synonym_too_many_words', 'en', { max: SYNONYM_WORDS_MAX }),
    ]);

    const marks = await add('charger', '?!… --', false, 'ar');
    expect(marks.status).toBe(422);
    expect(marks.body.errors.alternative).toEqual([apiMessage('synonym_no_letters', 'ar')]);
    expect(await table()).toEqual(before);
    expect(await addedEntries()).toBe(audited);
  });

  it('two staff members adding the same pair at once: one is saved, the other gets 409', async () => {
    // On PostgreSQL (DATABASE_URL) the two transactions overlap and the unique index refuses the second; on the
    // embedded database they run one after the other and the check before the insert does.
    const [a, b] = await Promise.all([add('Lapto', 'laptop'), add('lapto', 'LAPTOP', false, 'en', owner)]);
    expect([a.status, b.status].sort()).toEqual([201, 409]);
    expect((a.status === 409 ? a : b).body.errors).toEqual([apiMessage('synonym_exists', 'en')]);
    const rows = (await table()).filter((r) => r.term === 'lapto');
    expect(rows).toHaveLength(1);
    expect((await api('DELETE', `/v1/admin/synonyms/${rows[0]!.id}`)).status).toBe(204);
  });
});

describe('deleting a synonym', () => {
  it("is gone from the list and the store's search at once; a second delete is 404", async () => {
    const r = await api('DELETE', `/v1/admin/synonyms/${chargr.id}?locale=en`);
    expect(r.status).toBe(204);
    expect((await list('?q=chargr')).synonyms.map((s) => s.id)).not.toContain(chargr.id);
    // Back to what the search did before the synonym: only the typo correction finds the chargers, and says so.
    expect(await shopSearch('chargr')).toEqual(chargrFoundAlone);

    const [entry] = await auditOf('synonym.deleted', chargr.id);
    expect(entry).toMatchObject({
      staffId: samirId,
      targetType: 'synonym',
      details: { before: { term: 'chargr', alternative: 'charger', two_way: false } },
    });

    const again = await api('DELETE', `/v1/admin/synonyms/${chargr.id}?locale=ar`);
    expect(again.status).toBe(404);
    expect(again.body.errors).toEqual([apiMessage('synonym_not_found', 'ar')]);
    expect((await auditOf('synonym.deleted', chargr.id)).length).toBe(1);
  });
});

describe('who may', () => {
  it('owners and catalog staff; order staff get 403 and change nothing, anonymous callers 401', async () => {
    expect((await api('GET', '/v1/admin/synonyms', undefined, owner)).status).toBe(200);
    const [some] = await table();
    const before = await table();
    for (const [method, url, payload] of [
      ['GET', '/v1/admin/synonyms', undefined],
      ['POST', '/v1/admin/synonyms', { term: 'nope', alternative: 'never' }],
      ['DELETE', `/v1/admin/synonyms/${some!.id}`, undefined],
    ] as const) {
      expect((await api(method, url, payload, clerk)).status, `${method} ${url}`).toBe(403);
      expect((await api(method, url, payload, {})).status, `${method} ${url}`).toBe(401);
    }
    expect(await table()).toEqual(before);
  });
});
