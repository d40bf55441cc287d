import * as Menu from '@radix-ui/react-dropdown-menu';
import { useNamespace } from '../../../lib/i18n';
import { listingTexts } from '../../../i18n/listing';
import { ChevronDownIcon } from '../../../ui/icons';
import { LIST_SORTS, type ListSort } from '../api/get-products';

/** Sort menu of spec §2: default, lowest price, highest price, newest, featured. */
export function SortMenu({ value, onChange }: { value: ListSort; onChange(sort: ListSort): void }) {
  const { t, i18n } = useNamespace('listing', listingTexts);
  // Radix reads the direction from a DirectionProvider (the shop has none) and says `dir="ltr"` otherwise: the menu
  // follows the page's language, so in Arabic its items are right-aligned with the ✓ at the start (on the right).
  return (
    <Menu.Root modal={false} dir={i18n.language === 'ar' ? 'rtl' : 'ltr'}>
      <Menu.Trigger
        className="inline-flex h-10 items-center gap-2 rounded-lg border border-slate-300 bg-white px-3 text-sm font-medium text-slate-800 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-brand-700"
        data-testid="sort-menu"
      >
        <span className="text-slate-600">{t('sort.label')}</span>
        <span className="font-semibold">{t(`sort.${value}`)}</span>
        <ChevronDownIcon size={16} />
      </Menu.Trigger>
      <Menu.Portal>
        <Menu.Content
          align="end"
          sideOffset={6}
          className="z-40 min-w-48 rounded-xl border border-slate-200 bg-white p-1 shadow-lg"
        >
          <Menu.RadioGroup value={value} onValueChange={(v) => onChange(v as ListSort)}>
            {LIST_SORTS.map((s) => (
              <Menu.RadioItem
                key={s}
                value={s}
                className="flex cursor-pointer items-center gap-2 rounded-lg px-3 py-2 text-sm text-slate-800 outline-none select-none data-[highlighted]:bg-brand-50 data-[state=checked]:font-bold data-[state=checked]:text-brand-700"
              >
                <span className="inline-block w-3" aria-hidden="true">
                  <Menu.ItemIndicator>✓</Menu.ItemIndicator>
                </span>
                {t(`sort.${s}`)}
              </Menu.RadioItem>
            ))}
          </Menu.RadioGroup>
        </Menu.Content>
      </Menu.Portal>
    </Menu.Root>
  );
}
