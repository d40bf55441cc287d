import type { Suggestion, SuggestionsResponse } from '@store/contracts/catalog';
import { useQuery } from '@tanstack/react-query';
import { useLayoutEffect } from 'react';
import { useTranslation } from '../../lib/i18n';
import { api } from '../../lib/api-client';
import { price } from '../../lib/format';
import { useLocaleStore } from '../../lib/locale-store';
import { BidiText, latinDir } from '../../ui/bidi-text';
import { Thumbnail } from '../../ui/thumbnail';

const SUGGESTIONS = 6;
const NONE: Suggestion[] = [];

/** GET /v1/products/suggestions: the first matches as the shopper types (the last word may be cut short). */
const getSuggestions = (text: string, signal?: AbortSignal) =>
  api<SuggestionsResponse>('products/suggestions', {
    query: { query: text, limit: SUGGESTIONS },
    signal,
  }).then((r) => r.suggestions);

/** What the search box needs to know of the suggestions: the list the keys move in, and whether it shows. */
export interface SuggestionsState {
  list: Suggestion[];
  visible: boolean;
}

/**
 * The header search's suggestions (the options of its listbox): asked for once the typed text has settled
 * (`query`, debounced by the box), rendered inside the box's listbox, and reported to the box, which owns the
 * keys, the focus and the listbox's visibility. Its own chunk: the box fetches it when the shopper reaches for
 * the search (decision 007).
 */
export default function SearchSuggestions({
  text,
  query,
  open,
  active,
  listId,
  onState,
  onPick,
  onActive,
}: {
  /** What the box holds now. */
  text: string;
  /** The box's text once it has stayed unchanged for DEBOUNCE_MS, trimmed. */
  query: string;
  open: boolean;
  active: number;
  listId: string;
  onState(state: SuggestionsState): void;
  onPick(suggestion: Suggestion): void;
  onActive(index: number): void;
}) {
  const { t } = useTranslation('shell');
  const locale = useLocaleStore((s) => s.locale);
  const { data: suggestions, isFetching } = useQuery({
    queryKey: ['search-suggestions', locale, query],
    queryFn: ({ signal }) => getSuggestions(query, signal),
    enabled: open && query.length > 0,
    staleTime: 60_000,
  });
  const settled = query === text.trim();
  const list = (settled && suggestions) || NONE;
  const visible = open && query.length > 0 && settled && (list.length > 0 || !isFetching);
  // Before the paint, so the listbox shows with its options.
  useLayoutEffect(() => onState({ list, visible }), [list, visible, onState]);

  return (
    <>
      {list.map((p, i) => (
        <li
          key={p.id}
          id={`${listId}-${i}`}
          role="option"
          aria-selected={i === active}
          onPointerDown={(e) => e.preventDefault()}
          onClick={() => onPick(p)}
          onPointerMove={() => onActive(i)}
          className={`flex cursor-pointer items-center gap-3 px-3 py-2 ${i === active ? 'bg-brand-50' : ''}`}
        >
          <Thumbnail src={p.thumbnail} px={44} className="size-11 shrink-0 rounded" />
          <span className="min-w-0 flex-1">
            <span dir={latinDir(p.title)} className="line-clamp-2 text-sm font-medium">
              <BidiText text={p.title} />
            </span>
            <span className="text-sm font-bold text-brand-700">{price(p.checkout_price)}</span>
          </span>
        </li>
      ))}
      {visible && list.length === 0 && (
        <li role="presentation" className="px-3 py-3 text-sm text-slate-600">
          {t('search.noResults', { text: query })}
        </li>
      )}
    </>
  );
}
