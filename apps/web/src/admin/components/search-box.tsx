import { DEBOUNCE_MS } from '@store/contracts/constants';
import { useEffect, useState } from 'react';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { SearchIcon } from '../../ui/icons';
import { Field } from '../../ui/field';

/**
 * A list's search box: what is typed reaches the address (and the server) after a pause, or at once with Enter;
 * when the address changes by itself (Back, a reset) the box follows it.
 */
export function SearchBox({
  value,
  onSearch,
  label,
  placeholder,
  testId,
}: {
  value: string;
  onSearch(v: string): void;
  label: string;
  placeholder: string;
  testId: string;
}) {
  const [text, setText] = useState(value);
  const [seen, setSeen] = useState(value);
  if (value !== seen) {
    setSeen(value);
    setText(value);
  }
  const debounced = useDebouncedValue(text.trim(), DEBOUNCE_MS);
  useEffect(() => {
    if (debounced !== value) onSearch(debounced);
    // Only a new pause in typing sends a search.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [debounced]);
  return (
    <div className="relative">
      <Field
        label={label}
        type="search"
        value={text}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter') onSearch(text.trim());
        }}
        placeholder={placeholder}
        className="ps-9"
        maxLength={100}
        data-testid={testId}
      />
      <SearchIcon size={18} className="pointer-events-none absolute start-3 bottom-3 text-slate-500" />
    </div>
  );
}
