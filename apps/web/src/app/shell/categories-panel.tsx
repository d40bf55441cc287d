import type { Category } from '@store/contracts/catalog';
import { CATEGORY_MENU_GROUP } from '@store/contracts/constants';
import { useState } from 'react';
import { useTranslation } from '../../lib/i18n';
import { Link } from 'react-router';
import { ChevronEndIcon } from '../../ui/icons';
import { chunk } from './chunk';
import { categoryHref } from './links';
import { StoreImage } from '../../ui/store-image';

/**
 * The categories menu's panel: main categories down the start side; the one under the pointer (or focus) shows
 * its sub-categories in columns of 4 (CATEGORY_MENU_GROUP), each with its own sub-categories — three levels.
 * Its own chunk (categories-menu.tsx): the panel is built the first time the menu opens.
 */
export default function CategoriesPanel({ tree }: { tree: Category[] }) {
  const { t } = useTranslation('shell');
  const [activeId, setActiveId] = useState(tree[0]!.id);
  const active = tree.find((c) => c.id === activeId) ?? tree[0]!;
  return (
    <div className="flex max-h-[70vh] min-h-80">
      <ul className="w-64 shrink-0 overflow-y-auto border-e border-slate-200 py-2">
        {tree.map((c) => (
          <li key={c.id}>
            <Link
              to={categoryHref(c.id)}
              onPointerEnter={() => setActiveId(c.id)}
              onFocus={() => setActiveId(c.id)}
              className={`flex items-center gap-2 px-4 py-2.5 text-sm font-semibold ${c.id === active.id ? 'bg-brand-50 text-brand-700' : 'hover:bg-slate-50'}`}
            >
              {c.icon_url && (
                <StoreImage
                  src={c.icon_url}
                  sizes="24px"
                  maxWidth={160}
                  alt=""
                  width={24}
                  height={24}
                  loading="lazy"
                  className="size-6 object-contain"
                />
              )}
              <span className="flex-1">{c.name}</span>
              {c.children.length > 0 && <ChevronEndIcon size={16} className="text-slate-400" />}
            </Link>
          </li>
        ))}
      </ul>
      <div className="min-w-0 flex-1 overflow-y-auto p-5">
        <Link
          to={categoryHref(active.id)}
          className="mb-4 inline-flex items-center gap-1 text-base font-bold text-brand-700 hover:underline"
        >
          {t('nav.allIn', { name: active.name })}
          <ChevronEndIcon size={16} />
        </Link>
        <div className="grid grid-cols-3 gap-x-8 gap-y-6 xl:grid-cols-4">
          {chunk(active.children, CATEGORY_MENU_GROUP).map((group, i) => (
            <ul key={i} className="space-y-4">
              {group.map((child) => (
                <li key={child.id}>
                  <Link
                    to={categoryHref(child.id)}
                    className="font-semibold text-slate-900 hover:text-brand-700"
                  >
                    {child.name}
                  </Link>
                  {child.children.length > 0 && (
                    <ul className="mt-1.5 space-y-1">
                      {child.children.map((leaf) => (
                        <li key={leaf.id}>
                          <Link
                            to={categoryHref(leaf.id)}
                            className="text-sm text-slate-600 hover:text-brand-700 hover:underline"
                          >
                            {leaf.name}
                          </Link>
                        </li>
                      ))}
                    </ul>
                  )}
                </li>
              ))}
            </ul>
          ))}
        </div>
      </div>
    </div>
  );
}
