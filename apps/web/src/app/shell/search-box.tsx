import type { Suggestion } from '@store/contracts/catalog';
import { DEBOUNCE_MS } from '@store/contracts/constants';
import { lazy, Suspense, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from '../../lib/i18n';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { SearchIcon } from '../../ui/icons';
import { searchHref } from './links';
import type { SuggestionsState } from './search-suggestions';

// The suggestions (their request, options and pictures) are their own chunk, fetched when the shopper points at
// the search, focuses it or types: the box itself, and what the server renders, are the same without them.
const loadSuggestions = () => import('./search-suggestions');
const SearchSuggestions = lazy(loadSuggestions);

const CLOSED: SuggestionsState = { list: [], visible: false };

/**
 * The header search (spec §2): suggestions 500 ms after typing stops, as a combobox (arrows, Enter, Escape);
 * closed on scroll; submitting goes to /products?search=…, a suggestion to its product page.
 */
export function SearchBox({ className = '' }: { className?: string }) {
  const { t } = useTranslation('shell');
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [params] = useSearchParams();
  const urlSearch = pathname === '/products' ? (params.get('search') ?? '') : '';
  const [text, setText] = useState(urlSearch);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  // The suggestions' code is wanted (the shopper reached for the box), and what they show.
  const [wanted, setWanted] = useState(false);
  const [suggestions, setSuggestions] = useState(CLOSED);
  const root = useRef<HTMLFormElement>(null);
  const inputId = useId();
  const listId = useId();

  // Follow the URL: on a search results page the box shows the searched text; elsewhere it is empty.
  const [lastUrlSearch, setLastUrlSearch] = useState(urlSearch);
  if (lastUrlSearch !== urlSearch) {
    setLastUrlSearch(urlSearch);
    setText(urlSearch);
  }

  const query = useDebouncedValue(text.trim(), DEBOUNCE_MS);
  const { list, visible: showList } = suggestions;

  useEffect(() => {
    if (!open) return;
    const close = () => setOpen(false);
    const onPointerDown = (e: PointerEvent) => {
      if (!root.current?.contains(e.target as Node)) close();
    };
    window.addEventListener('scroll', close, { passive: true });
    document.addEventListener('pointerdown', onPointerDown);
    return () => {
      window.removeEventListener('scroll', close);
      document.removeEventListener('pointerdown', onPointerDown);
    };
  }, [open]);

  const pick = (p: Suggestion) => {
    setOpen(false);
    setActive(-1);
    setText('');
    navigate(`/products/${p.id}`);
  };
  const want = () => {
    if (wanted) return;
    void loadSuggestions();
    setWanted(true);
  };

  return (
    <form
      ref={root}
      role="search"
      className={`relative ${className}`}
      onPointerEnter={want}
      onSubmit={(e) => {
        e.preventDefault();
        if (active >= 0 && list[active]) return pick(list[active]);
        const q = text.trim();
        if (!q) return;
        setOpen(false);
        navigate(searchHref(q));
      }}
    >
      <label htmlFor={inputId} className="sr-only">
        {t('search.label')}
      </label>
      <div className="flex h-11 items-center overflow-hidden rounded-lg bg-white ring-1 ring-slate-300 focus-within:ring-2 focus-within:ring-accent-500">
        <input
          id={inputId}
          type="search"
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={showList}
          aria-controls={listId}
          aria-activedescendant={showList && active >= 0 ? `${listId}-${active}` : undefined}
          autoComplete="off"
          enterKeyHint="search"
          placeholder={t('search.placeholder')}
          value={text}
          onFocus={want}
          onChange={(e) => {
            want();
            setText(e.target.value);
            setActive(-1);
            setOpen(true);
          }}
          onKeyDown={(e) => {
            if (e.key === 'Escape') {
              setOpen(false);
              setActive(-1);
            } else if (e.key === 'ArrowDown' && list.length) {
              e.preventDefault();
              setOpen(true);
              setActive((i) => (i + 1) % list.length);
            } else if (e.key === 'ArrowUp' && list.length) {
              e.preventDefault();
              setActive((i) => (i <= 0 ? list.length - 1 : i - 1));
            }
          }}
          className="h-full min-w-0 flex-1 bg-transparent px-3 text-slate-900 outline-none placeholder:text-slate-500 [&::-webkit-search-cancel-button]:hidden"
        />
        <button
          type="submit"
          aria-label={t('search.submit')}
          className="flex h-full w-12 items-center justify-center bg-accent-500 text-slate-950 hover:bg-accent-400"
        >
          <SearchIcon size={22} />
        </button>
      </div>
      <ul
        id={listId}
        role="listbox"
        aria-label={t('search.suggestions')}
        hidden={!showList}
        data-testid="search-suggestions"
        className="absolute inset-x-0 top-full z-50 mt-1 max-h-[70vh] overflow-y-auto rounded-lg border border-slate-200 bg-white py-1 text-slate-900 shadow-xl"
      >
        {wanted && (
          <Suspense fallback={null}>
            <SearchSuggestions
              text={text}
              query={query}
              open={open}
              active={active}
              listId={listId}
              onState={setSuggestions}
              onPick={pick}
              onActive={setActive}
            />
          </Suspense>
        )}
      </ul>
    </form>
  );
}
