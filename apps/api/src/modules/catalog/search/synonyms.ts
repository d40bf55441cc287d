/**
 * Words as shoppers in Egypt type them (issue 15): a search word or phrase also looks for its synonyms, so
 * `مكيف` finds the air conditioners the catalog calls `تكييف`, `لابتوب` finds `لاب توب` and `laptop`, `ماكبوك` finds
 * `MacBook`. Synonyms live in `search_synonyms` (the seed fills the set below; the back office will edit it):
 * a one-way row lets `term` find `alternative`; a two-way row works both ways. Everything goes through the one
 * normaliser of packages/contracts, so `تلاجة`, `تلاجه` and `تلاجـة` are one word.
 */
import { normalizeSearchText } from '@store/contracts';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { searchSynonyms } from '../../../db/schema.ts';

export interface SynonymSeed {
  term: string;
  alternatives: string[];
  /** Each of them finds the others too (spellings of one thing); one-way: an everyday word for a formal one. */
  twoWay?: boolean;
}

/** The Egyptian set the seed writes: spellings, joined and split words, Arabic and Latin names, everyday words. */
export const DEFAULT_SYNONYMS: SynonymSeed[] = [
  // Joined and split words, and their Latin names.
  { term: 'لابتوب', alternatives: ['لاب توب', 'laptop', 'notebook'], twoWay: true },
  { term: 'لابتوبات', alternatives: ['لاب توب', 'laptop'] },
  { term: 'ايربودز', alternatives: ['اير بودز', 'airpods', 'earbuds', 'ايربودز'], twoWay: true },
  { term: 'ايرفراير', alternatives: ['اير فراير', 'air fryer', 'قلايه هوائيه', 'airfryer'], twoWay: true },
  { term: 'باوربانك', alternatives: ['باور بانك', 'power bank', 'powerbank'], twoWay: true },
  { term: 'ديبفريزر', alternatives: ['ديب فريزر', 'deep freezer'], twoWay: true },
  { term: 'ساوندبار', alternatives: ['ساوند بار', 'soundbar'], twoWay: true },
  { term: 'بلايستيشن', alternatives: ['بلاي ستيشن', 'playstation', 'ps5'], twoWay: true },
  { term: 'اكسبوكس', alternatives: ['اكس بوكس', 'xbox'], twoWay: true },
  { term: 'هاندبلندر', alternatives: ['هاند بلندر', 'hand blender'], twoWay: true },
  { term: 'سمارت واتش', alternatives: ['ساعه ذكيه', 'smart watch', 'smartwatch'], twoWay: true },
  // USB-C as shoppers write it (usb-c and type-c read as `usb c`, `type c`; drizzle/0030 adds it to a store seeded
  // before).
  { term: 'type c', alternatives: ['usb c', 'تايب سي', 'typec', 'usbc'], twoWay: true },
  // Arabic spellings of product and brand names, and their Latin forms.
  { term: 'ماكبوك', alternatives: ['macbook', 'ماك بوك'], twoWay: true },
  { term: 'ايفون', alternatives: ['iphone', 'ايفون', 'اي فون'], twoWay: true },
  { term: 'ايباد', alternatives: ['ipad', 'اي باد'], twoWay: true },
  { term: 'شاومي', alternatives: ['xiaomi', 'شاومى', 'redmi'], twoWay: true },
  { term: 'سامسونج', alternatives: ['samsung', 'سامسونغ', 'جالكسي', 'galaxy'], twoWay: true },
  { term: 'جالاكسي', alternatives: ['galaxy', 'جالكسي'], twoWay: true },
  { term: 'هواوي', alternatives: ['huawei'], twoWay: true },
  { term: 'ابل', alternatives: ['apple', 'ابل'], twoWay: true },
  { term: 'ال جي', alternatives: ['lg', 'الجي'], twoWay: true },
  { term: 'توشيبا', alternatives: ['toshiba'], twoWay: true },
  { term: 'يونيون اير', alternatives: ['unionaire', 'يونيون ير'], twoWay: true },
  { term: 'كاريير', alternatives: ['carrier', 'كارير'], twoWay: true },
  { term: 'شارب', alternatives: ['sharp'], twoWay: true },
  { term: 'تورنيدو', alternatives: ['tornado', 'تورنادو'], twoWay: true },
  { term: 'بلاك اند ديكر', alternatives: ['black decker', 'بلاك ديكر'], twoWay: true },
  // Everyday words for the catalog's formal ones.
  { term: 'مكيف', alternatives: ['تكييف', 'تكييفات', 'air conditioner'] },
  { term: 'مكيفات', alternatives: ['تكييف', 'تكييفات', 'air conditioner'] },
  { term: 'تكيف', alternatives: ['تكييف'] },
  { term: 'تلاجه', alternatives: ['ثلاجه', 'ثلاجات', 'refrigerator', 'fridge'] },
  { term: 'تلاجات', alternatives: ['ثلاجات', 'ثلاجه'] },
  // Not شاشات, which is also the monitors' (شاشات كمبيوتر): a TV is named by `television` (Televisions) and `tv`.
  { term: 'تلفزيون', alternatives: ['تليفزيون', 'tv', 'television'], twoWay: false },
  { term: 'تليفزيون', alternatives: ['تلفزيون', 'tv', 'television'] },
  { term: 'بوتجاز', alternatives: ['بوتاجاز'] },
  { term: 'بوتاجاز', alternatives: ['بوتاجازات', 'cooker', 'gas cooker'] },
  // An oven is a cooker's or a microwave's here (drizzle/0024 adds these to a store seeded before).
  { term: 'فرن', alternatives: ['بوتاجاز', 'بوتاجازات', 'ميكروويف', 'oven', 'cooker', 'microwave'] },
  { term: 'oven', alternatives: ['cooker', 'microwave', 'بوتاجاز', 'ميكروويف'] },
  { term: 'stove', alternatives: ['cooker', 'بوتاجاز'] },
  { term: 'ac', alternatives: ['air conditioner', 'تكييف', 'تكييفات'] },
  { term: 'fridge', alternatives: ['refrigerator', 'ثلاجه', 'ثلاجات'] },
  { term: 'fridges', alternatives: ['refrigerator', 'ثلاجات'] },
  { term: 'استشوار', alternatives: ['سشوار', 'hair dryer'] },
  { term: 'سيشوار', alternatives: ['سشوار', 'hair dryer'] },
  { term: 'مجفف شعر', alternatives: ['سشوار', 'hair dryer'] },
  { term: 'مكنسه', alternatives: ['مكانس', 'vacuum'] },
  { term: 'مكواه', alternatives: ['مكاوي', 'iron'] },
  { term: 'مكوه', alternatives: ['مكاوي', 'iron'] },
  { term: 'شاحن', alternatives: ['شواحن', 'charger'] },
  // Not `phone`, which is in every headphone's name: موبايلات names the phones' section whole (Mobile Phones).
  { term: 'موبايل', alternatives: ['موبايلات', 'mobile', 'تليفون'] },
  { term: 'تليفون', alternatives: ['موبايل', 'موبايلات'] },
  { term: 'غساله', alternatives: ['غسالات', 'washing machine', 'washer'] },
  { term: 'ميكرويف', alternatives: ['ميكروويف', 'microwave'] },
  { term: 'سخان', alternatives: ['سخانات', 'water heater'] },
  { term: 'كبه', alternatives: ['food processor', 'محضرات طعام'] },
  { term: 'كاتل', alternatives: ['غلايه', 'غلايات', 'kettle'] },
  { term: 'تويستر', alternatives: ['محمصه', 'محمصات', 'toaster'] },
  { term: 'دراع', alternatives: ['دراعات', 'controller'] },
  { term: 'شاشه', alternatives: ['شاشات', 'tv', 'monitor'] },
  // Units as they are written.
  { term: 'بوصه', alternatives: ['inch', 'بوصه'], twoWay: true },
  { term: 'حصان', alternatives: ['hp', 'حصان'], twoWay: true },
];

/** term → what it also finds, every word normalised. */
export type SynonymMap = Map<string, Set<string>>;

const norm = (s: string) => normalizeSearchText(s);

/** The seed's set as rows (normalised; two-way groups flagged). */
export function synonymRows(list: SynonymSeed[] = DEFAULT_SYNONYMS) {
  return list.flatMap((s) =>
    s.alternatives
      .map((a) => ({ term: norm(s.term), alternative: norm(a), twoWay: !!s.twoWay }))
      .filter((r) => r.term && r.alternative && r.term !== r.alternative),
  );
}

export async function insertDefaultSynonyms(db: DbOrTx) {
  const rows = synonymRows();
  if (rows.length) await db.insert(searchSynonyms).values(rows).onConflictDoNothing();
}

/** Every synonym, both ways where a row says so; the members of a two-way group find each other. */
export async function loadSynonyms(db: DbOrTx): Promise<SynonymMap> {
  const res = (await db.execute(sql`select term, alternative, two_way from search_synonyms`)) as unknown as {
    rows: { term: string; alternative: string; two_way: boolean }[];
  };
  const map: SynonymMap = new Map();
  const add = (a: string, b: string) => {
    if (a === b) return;
    let set = map.get(a);
    if (!set) map.set(a, (set = new Set()));
    set.add(b);
  };
  const groups = new Map<string, Set<string>>();
  for (const r of res.rows) {
    add(r.term, r.alternative);
    if (r.two_way) {
      let g = groups.get(r.term);
      if (!g) groups.set(r.term, (g = new Set([r.term])));
      g.add(r.alternative);
    }
  }
  for (const g of groups.values()) for (const a of g) for (const b of g) add(a, b);
  return map;
}

/** One part of a query: what the shopper typed (one word or a phrase) and everything that may stand for it. */
export interface QueryGroup {
  typed: string;
  /** `typed` first, then its synonyms and plural/singular forms. */
  alternatives: string[];
}

/** Arabic plurals in ات next to singulars in ة (normalised ه): شاشه ⇄ شاشات, غساله ⇄ غسالات. */
export function numberForms(word: string): string[] {
  if (word.length >= 4 && word.endsWith('ه')) return [`${word.slice(0, -1)}ات`];
  if (word.length >= 5 && word.endsWith('ات')) return [`${word.slice(0, -2)}ه`];
  return [];
}

/** Whether `other` is in `numberForms(word)`, told without making the form (a section's words against a search's). */
export function isNumberFormOf(word: string, other: string): boolean {
  if (word.length >= 4 && word.endsWith('ه'))
    return (
      other.length === word.length + 1 && other.endsWith('ات') && samePrefix(word, other, word.length - 1)
    );
  if (word.length >= 5 && word.endsWith('ات'))
    return (
      other.length === word.length - 1 && other.endsWith('ه') && samePrefix(word, other, word.length - 2)
    );
  return false;
}

const samePrefix = (a: string, b: string, n: number) => {
  for (let i = 0; i < n; i++) if (a.charCodeAt(i) !== b.charCodeAt(i)) return false;
  return true;
};

/**
 * Splits the query's words into groups: the longest phrase (up to three words) that is a synonym term, or two
 * words that written together are one (`لاب توب` → `لابتوب`), or a single word; each with what it also finds.
 */
export function expandQuery(tokens: string[], synonyms: SynonymMap): QueryGroup[] {
  const groups: QueryGroup[] = [];
  for (let i = 0; i < tokens.length;) {
    let taken = 0;
    for (let n = Math.min(3, tokens.length - i); n >= 2 && !taken; n--) {
      const phrase = tokens.slice(i, i + n).join(' ');
      const joined = tokens.slice(i, i + n).join('');
      const key = synonyms.has(phrase) ? phrase : synonyms.has(joined) ? joined : null;
      if (key) {
        groups.push({ typed: phrase, alternatives: unique([phrase, key, ...synonyms.get(key)!]) });
        taken = n;
      }
    }
    if (!taken) {
      const word = tokens[i]!;
      const more = [...(synonyms.get(word) ?? []), ...numberForms(word)];
      groups.push({ typed: word, alternatives: unique([word, ...more]) });
      taken = 1;
    }
    i += taken;
  }
  return groups;
}

const unique = (xs: string[]) => [...new Set(xs.filter(Boolean))];

/** Whether `a` becomes `b` by one edit at most: a letter added, left out or changed, or two neighbours swapped. */
export function withinOneEdit(a: string, b: string): boolean {
  if (a === b) return true;
  if (Math.abs(a.length - b.length) > 1) return false;
  // Compared in place, letter by letter (no copies of their ends: a typo is compared with every synonym's word).
  let i = 0;
  while (i < a.length && i < b.length && a.charCodeAt(i) === b.charCodeAt(i)) i++;
  if (a.length === b.length)
    return (
      sameFrom(a, i + 1, b, i + 1) || (a[i] === b[i + 1] && a[i + 1] === b[i] && sameFrom(a, i + 2, b, i + 2))
    );
  return a.length > b.length ? sameFrom(a, i + 1, b, i) : sameFrom(b, i + 1, a, i);
}

/** Whether `x` from `xi` on is `y` from `yi` on. */
function sameFrom(x: string, xi: number, y: string, yi: number): boolean {
  if (x.length - xi !== y.length - yi) return false;
  for (let k = 0; xi + k < x.length; k++) if (x.charCodeAt(xi + k) !== y.charCodeAt(yi + k)) return false;
  return true;
}

/** Every word and phrase of the synonyms (the terms and what they find), once per map: a map is a catalog version's. */
export const synonymVocabulary = (synonyms: SynonymMap): string[] => vocabularyOf(synonyms).all;

/**
 * The synonyms' vocabulary once per map: all of it, its words, and its phrases of two words (each in the
 * vocabulary's order), as the typo readings compare with them. Splitting every phrase again for every typo beside a
 * word was the largest part of those readings' garbage.
 */
function vocabularyOf(synonyms: SynonymMap): Vocabulary {
  let v = vocabularies.get(synonyms);
  if (!v) {
    const all = [...new Set([...synonyms.keys(), ...[...synonyms.values()].flatMap((set) => [...set])])];
    v = {
      all,
      words: all.filter((w) => !w.includes(' ')),
      pairs: all.filter((w) => w.split(' ').length === 2),
    };
    vocabularies.set(synonyms, v);
  }
  return v;
}
type Vocabulary = { all: string[]; words: string[]; pairs: string[] };
const vocabularies = new WeakMap<SynonymMap, Vocabulary>();

/**
 * The one-word synonym a word found nowhere in the catalog was most likely meant as: a word of the synonyms (a term
 * or what it finds) one edit away (`تلفزبون` → `تلفزيون`, `غسله` → `غساله`, `ثلجه` → `ثلاجه`). The catalog's own
 * words are tried first (the nearest by trigrams); this reaches the everyday words shoppers type, and the short
 * ones trigrams miss. Words under four letters are left as they are: one letter is too much of them.
 */
export function synonymTermNear(word: string, synonyms: SynonymMap): string | null {
  if (word.length < 4) return null;
  const near = vocabularyOf(synonyms).words.filter((w) => withinOneEdit(word, w));
  return near.sort()[0] ?? null;
}

/**
 * The phrase of the synonyms two neighbouring words were meant as, when one of them is found nowhere: the two are
 * one edit from a phrase of the synonyms (`اير فرير` → `اير فراير`), or written together one edit from a word of
 * them (`لاب توت` → `لابتوب`, shown as `لاب توب` when the synonyms write it so too). Read alone, such a word goes to
 * the catalog word nearest it (فرير → فري), which its neighbour does not go with. Under six letters together, or
 * several such phrases: none.
 */
export function synonymPhraseNear(pair: [string, string], synonyms: SynonymMap): string | null {
  const phrase = pair.join(' ');
  const joined = pair.join('');
  if (joined.length < 6 || synonyms.has(phrase) || synonyms.has(joined)) return null;
  const { words, pairs } = vocabularyOf(synonyms);
  const nearPhrases = pairs.filter((w) => withinOneEdit(phrase, w));
  const nearWords = words.filter((w) => withinOneEdit(joined, w));
  // One meaning, however it is written: a phrase and its words together (اير فراير, ايرفراير) count once.
  const meanings = new Set([...nearPhrases.map((w) => w.replaceAll(' ', '')), ...nearWords]);
  if (meanings.size !== 1) return null;
  return nearPhrases[0] ?? nearWords[0]!;
}

/**
 * A title's word as `normalizeSearchText` writes it, remembered (bounded): each "did you mean" reads the page's
 * titles, and the same titles come back search after search.
 */
function normalizedToken(token: string): string {
  let out = tokenForms.get(token);
  if (out === undefined) {
    if (tokenForms.size >= TOKEN_FORMS) tokenForms.clear();
    tokenForms.set(token, (out = normalizeSearchText(token)));
  }
  return out;
}
const tokenForms = new Map<string, string>();
const TOKEN_FORMS = 50_000;

/**
 * A text's words as a search reads them, each with its form as the text shows it (`asWritten`), remembered per
 * text (bounded): the page's titles come back search after search, each read once instead of at every "did you
 * mean".
 */
function writtenWords(text: string): [word: string, shown: string][] {
  let out = textWords.get(text);
  if (out) return out;
  out = [];
  for (const token of text.normalize('NFKC').split(/[^\p{L}\p{N}\p{M}]+/u)) {
    if (!token) continue;
    let word = normalizedToken(token);
    // As searchTokens reads it: the article off a longer word (الغسالة → غساله), off its shown form too.
    let shown = token.replace(/[\u064B-\u065F\u0670\u0640]/g, '');
    if (word.length > 4 && word.startsWith('ال')) [word, shown] = [word.slice(2), shown.slice(2)];
    if (normalizedToken(shown) === word) out.push([word, shown]);
  }
  if (textWords.size >= TEXT_WORDS) textWords.clear();
  textWords.set(text, out);
  return out;
}
const textWords = new Map<string, [string, string][]>();
const TEXT_WORDS = 20_000;

/**
 * A suggestion ("Did you mean …?") as the catalog writes it. Queries are read normalised (ة as ه, أ as ا, without
 * ال), so the word a typo was read as is the normalised one: غساله, not غسالة. Each of its words is shown as the
 * given texts (the products found, their categories) write it most often, when one of them does; else as it is. A
 * spelling is never guessed: ه ends مياه as much as it stands for the ة of غسالة.
 */
export function asWritten(suggestion: string, texts: string[]): string {
  const wanted = new Set(suggestion.split(' '));
  const forms = new Map<string, Map<string, number>>();
  for (const text of texts)
    for (const [word, shown] of writtenWords(text)) {
      if (!wanted.has(word)) continue;
      let counts = forms.get(word);
      if (!counts) forms.set(word, (counts = new Map()));
      counts.set(shown, (counts.get(shown) ?? 0) + 1);
    }
  return suggestion
    .split(' ')
    .map((word) => {
      const counts = forms.get(word);
      if (!counts) return word;
      const [shown] = [...counts].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))[0]!;
      // Latin as typed in a query: lower case (laptop, not the title's Laptop).
      return shown.toLowerCase() === word ? word : shown;
    })
    .join(' ');
}
