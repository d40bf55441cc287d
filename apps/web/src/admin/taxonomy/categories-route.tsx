import {
  adminCategoryBodySchema,
  CATEGORY_LEVELS,
  CATEGORY_NAME_MAX,
  type AdminCategory,
} from '@store/contracts/admin-taxonomy';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { useLocaleStore } from '../../lib/locale-store';
import { Button } from '../../ui/button';
import { Dialog } from '../../ui/dialog';
import { SelectField } from '../../ui/field';
import { EditDialog } from '../components/edit-dialog';
import { ListPage } from '../components/list-page';
import { count } from '../lib/format';
import { errorMessages, messageText } from '../../lib/form-errors';
import { useAdminTitle } from '../lib/use-admin-title';
import {
  categoriesQueryOptions,
  createCategory,
  deleteCategory,
  orderCategories,
  TAXONOMY_KEY,
  updateCategory,
  uploadIcon,
} from './api';
import { ConfirmDelete, Forbidden, IconImage, IconUpload, NamesAndFlags, useCatalogRole } from './parts';

type Editing = { parent: AdminCategory | null } | { category: AdminCategory };

/** The category and everything below it (the list is in tree order: descendants follow their ancestor). */
function subtreeIds(list: AdminCategory[], id: number): Set<number> {
  const out = new Set([id]);
  for (const c of list) if (c.parent_id !== null && out.has(c.parent_id)) out.add(c.id);
  return out;
}

/** Levels of the category's own subtree: 1 for a leaf, 2 with sub-categories, 3 with theirs. */
function heightOf(list: AdminCategory[], id: number): number {
  const own = list.find((c) => c.id === id);
  if (!own) return 1;
  const below = [...subtreeIds(list, id)].map((x) => list.find((c) => c.id === x)!.level);
  return Math.max(...below) - own.level + 1;
}

/** Why `cat` may not go under `parent` (a message), or null when it may. */
function refusal(list: AdminCategory[], cat: AdminCategory, parent: AdminCategory | null): string | null {
  if (parent === null) return null;
  if (subtreeIds(list, cat.id).has(parent.id)) return messageText('category_own_ancestor')!;
  if (parent.level + heightOf(list, cat.id) > CATEGORY_LEVELS) return messageText('category_too_deep')!;
  return null;
}

const indent = ['ps-0', 'ps-6 sm:ps-10', 'ps-12 sm:ps-20'];

const categoryFormSchema = adminCategoryBodySchema.pick({
  name_ar: true,
  name_en: true,
  show_on_homepage: true,
  active: true,
});

/** Add or edit one category: both names side by side, flags; errors on their field in the staff member's language. */
function CategoryForm({ editing, onClose, onSaved }: { editing: Editing; onClose(): void; onSaved(): void }) {
  const { t } = useTranslation('admin');
  const existing = 'category' in editing ? editing.category : null;
  const parent = 'parent' in editing ? editing.parent : null;
  const defaults: z.input<typeof categoryFormSchema> = {
    name_ar: existing?.name_ar ?? '',
    name_en: existing?.name_en ?? '',
    show_on_homepage: existing?.show_on_homepage ?? false,
    active: existing?.active ?? true,
  };
  const title = existing
    ? t('taxonomy.categories.editTitle', { name: existing.name_ar })
    : parent
      ? t('taxonomy.categories.newSubTitle', { name: parent.name_ar })
      : t('taxonomy.categories.newTitle');
  return (
    <EditDialog
      invalidate={TAXONOMY_KEY}
      title={title}
      schema={categoryFormSchema}
      defaults={defaults}
      onSave={(v) =>
        existing
          ? updateCategory(existing.id, {
              ...v,
              icon_url: existing.icon_url,
              updated_at: existing.updated_at,
            })
          : createCategory({ ...v, parent_id: parent?.id ?? null, icon_url: null })
      }
      onSaved={onSaved}
      onClose={onClose}
      testId="category-form"
      saveTestId="category-save"
      fields={(form) => (
        <NamesAndFlags
          form={form}
          max={CATEGORY_NAME_MAX}
          flags={[
            { name: 'show_on_homepage', label: t('taxonomy.showOnHomepage') },
            { name: 'active', label: t('taxonomy.activeLabel') },
          ]}
        />
      )}
    />
  );
}

/** "Move to…": the parents it may go under (never its own branch, never a fourth level); it goes last there. */
function MoveDialog({
  list,
  cat,
  onMove,
  onClose,
}: {
  list: AdminCategory[];
  cat: AdminCategory;
  onMove(parentId: number | null): Promise<void>;
  onClose(): void;
}) {
  const { t } = useTranslation('admin');
  const locale = useLocaleStore((s) => s.locale);
  const options = [null, ...list].filter(
    (p) => (p?.id ?? null) !== cat.parent_id && refusal(list, cat, p) === null,
  );
  const [choice, setChoice] = useState(options[0] === undefined ? '' : String(options[0]?.id ?? 'root'));
  const name = (c: AdminCategory) => (locale === 'ar' ? c.name_ar : c.name_en);
  return (
    <Dialog
      open
      onOpenChange={(o) => !o && onClose()}
      title={t('taxonomy.categories.moveTitle', { name: name(cat) })}
    >
      {options.length === 0 ? (
        <p className="text-slate-800">{t('taxonomy.categories.nowhere')}</p>
      ) : (
        <form
          className="flex flex-col gap-4"
          onSubmit={(e) => {
            e.preventDefault();
            void onMove(choice === 'root' ? null : Number(choice)).then(onClose);
          }}
        >
          <SelectField
            label={t('taxonomy.categories.newParent')}
            value={choice}
            onChange={(e) => setChoice(e.target.value)}
          >
            {options.map((p) =>
              p === null ? (
                <option key="root" value="root">
                  {t('taxonomy.categories.root')}
                </option>
              ) : (
                <option key={p.id} value={p.id}>
                  {'— '.repeat(p.level - 1)}
                  {name(p)}
                </option>
              ),
            )}
          </SelectField>
          <div className="flex justify-end gap-2">
            <Button variant="outline" onClick={onClose}>
              {t('taxonomy.cancel')}
            </Button>
            <Button type="submit">{t('taxonomy.categories.move')}</Button>
          </div>
        </form>
      )}
    </Dialog>
  );
}

/**
 * Categories (owners and catalog staff): the tree indented by level; drag a row onto the upper half of another to
 * put it before that one, onto the lower half to put it inside; the same with the keyboard through the up, down
 * and "move to" buttons. Add, rename, icon, delete.
 */
export function Component() {
  const { t } = useTranslation('admin');
  const locale = useLocaleStore((s) => s.locale);
  useAdminTitle(t('taxonomy.categories.title'));
  const allowed = useCatalogRole();
  const qc = useQueryClient();
  const q = useQuery({ ...categoriesQueryOptions(), enabled: allowed });
  const [editing, setEditing] = useState<Editing | null>(null);
  const [moving, setMoving] = useState<AdminCategory | null>(null);
  const [deleting, setDeleting] = useState<AdminCategory | null>(null);
  const [status, setStatus] = useState<string | null>(null);
  const [failure, setFailure] = useState<string[]>([]);
  const [drag, setDrag] = useState<number | null>(null);
  const [over, setOver] = useState<{ id: number; inside: boolean } | null>(null);

  if (!allowed) return <Forbidden title={t('taxonomy.categories.title')} />;
  const list = q.data?.categories ?? [];
  const byId = (id: number) => list.find((c) => c.id === id)!;
  const siblings = (parentId: number | null) => list.filter((c) => c.parent_id === parentId);
  const name = (c: AdminCategory) => (locale === 'ar' ? c.name_ar : c.name_en);
  const refresh = () => qc.invalidateQueries({ queryKey: TAXONOMY_KEY });

  /** Puts `cat` under `parentId` at `index` (default: last) and saves that parent's order. */
  const place = async (cat: AdminCategory, parentId: number | null, index?: number) => {
    setFailure([]);
    setStatus(null);
    const why = refusal(list, cat, parentId === null ? null : byId(parentId));
    if (why) return setFailure([why]);
    const ids = siblings(parentId)
      .map((c) => c.id)
      .filter((id) => id !== cat.id);
    ids.splice(index ?? ids.length, 0, cat.id);
    try {
      const r = await orderCategories(parentId, ids);
      qc.setQueryData(categoriesQueryOptions().queryKey, r);
      setStatus(t('taxonomy.categories.moved', { name: name(cat) }));
    } catch (err) {
      setFailure(errorMessages(err));
      await refresh();
    }
  };
  const shift = (cat: AdminCategory, by: -1 | 1) => {
    const ids = siblings(cat.parent_id).map((c) => c.id);
    const at = ids.indexOf(cat.id);
    if (at + by < 0 || at + by >= ids.length) return;
    void place(cat, cat.parent_id, at + by);
  };
  /** Dropped on the lower half of a row that may hold children: inside it; otherwise before it. */
  const dropsInside = (e: DragEvent<HTMLLIElement>, target: AdminCategory) => {
    const box = e.currentTarget.getBoundingClientRect();
    return e.clientY - box.top > box.height / 2 && target.level < CATEGORY_LEVELS;
  };
  const onDragOver = (e: DragEvent<HTMLLIElement>, target: AdminCategory) => {
    if (drag === null || drag === target.id) return;
    e.preventDefault();
    const inside = dropsInside(e, target);
    if (over?.id !== target.id || over.inside !== inside) setOver({ id: target.id, inside });
  };
  const onDrop = (e: DragEvent<HTMLLIElement>, target: AdminCategory) => {
    e.preventDefault();
    const cat = drag === null ? null : byId(drag);
    setDrag(null);
    setOver(null);
    if (!cat || cat.id === target.id) return;
    if (dropsInside(e, target)) return void place(cat, target.id);
    const ids = siblings(target.parent_id)
      .map((c) => c.id)
      .filter((id) => id !== cat.id);
    void place(cat, target.parent_id, ids.indexOf(target.id));
  };

  return (
    <ListPage
      title={t('taxonomy.categories.title')}
      actions={
        <Button onClick={() => setEditing({ parent: null })} data-testid="category-new">
          {t('taxonomy.categories.new')}
        </Button>
      }
      intro={<p className="text-sm text-slate-600">{t('taxonomy.categories.hint')}</p>}
      notice={status}
      failure={failure}
      read={q}
      empty={(d) => (d.categories.length === 0 ? t('taxonomy.categories.empty') : null)}
      dialogs={
        <>
          {editing && (
            <CategoryForm
              editing={editing}
              onSaved={() => setStatus(t('taxonomy.saved'))}
              onClose={() => setEditing(null)}
            />
          )}
          {moving && (
            <MoveDialog
              list={list}
              cat={moving}
              onMove={(p) => place(moving, p)}
              onClose={() => setMoving(null)}
            />
          )}
          {deleting && (
            <ConfirmDelete
              title={t('taxonomy.deleteTitle', { name: name(deleting) })}
              onConfirm={async () => {
                await deleteCategory(deleting.id);
                // The API answers 204 with no body: the sentence is the page's own, in the user's language.
                setFailure([]);
                setStatus(t('taxonomy.deleted', { name: name(deleting) }));
                await refresh();
              }}
              onClose={() => setDeleting(null)}
            />
          )}
        </>
      }
    >
      {() => (
        <ul
          className="flex flex-col gap-1"
          data-testid="category-tree"
          aria-label={t('taxonomy.categories.title')}
        >
          {list.map((c) => {
            const sibs = siblings(c.parent_id);
            const at = sibs.findIndex((s) => s.id === c.id);
            const target = over?.id === c.id;
            return (
              <li
                key={c.id}
                draggable
                onDragStart={(e) => {
                  e.dataTransfer.effectAllowed = 'move';
                  e.dataTransfer.setData('text/plain', String(c.id));
                  setDrag(c.id);
                }}
                onDragEnd={() => {
                  setDrag(null);
                  setOver(null);
                }}
                onDragOver={(e) => onDragOver(e, c)}
                onDrop={(e) => onDrop(e, c)}
                className={indent[c.level - 1]}
                data-testid={`category-${c.id}`}
                data-level={c.level}
              >
                <div
                  className={`flex flex-wrap items-center gap-x-3 gap-y-2 rounded-xl border bg-white p-2 sm:p-3 ${
                    target && over.inside
                      ? 'border-brand-600 ring-2 ring-brand-500/40'
                      : target
                        ? 'border-slate-200 border-t-4 border-t-brand-600'
                        : 'border-slate-200'
                  } ${drag === c.id ? 'opacity-50' : ''}`}
                >
                  <span className="cursor-grab text-slate-400 select-none" aria-hidden="true">
                    ⠿
                  </span>
                  <IconImage url={c.icon_url} size={32} />
                  <div className="min-w-0 flex-1">
                    <p className="font-semibold">
                      <bdi lang="ar">{c.name_ar}</bdi>
                      <span className="mx-2 text-slate-400" aria-hidden="true">
                        ·
                      </span>
                      <bdi lang="en" dir="ltr">
                        {c.name_en}
                      </bdi>
                    </p>
                    <p className="text-xs text-slate-600">
                      {t('taxonomy.categories.level', { n: c.level })}
                      {' · '}
                      {t('taxonomy.categories.productsCount', {
                        count: c.products_count,
                        n: count(c.products_count, locale),
                        total: count(c.products_total, locale),
                      })}
                      {!c.active && <> · {t('taxonomy.hidden')}</>}
                      {c.show_on_homepage && <> · {t('taxonomy.onHome')}</>}
                    </p>
                  </div>
                  <div className="flex flex-wrap items-center gap-1">
                    <Button
                      size="sm"
                      variant="ghost"
                      disabled={at <= 0}
                      onClick={() => shift(c, -1)}
                      aria-label={t('taxonomy.categories.moveUp', { name: name(c) })}
                    >
                      ↑
                    </Button>
                    <Button
                      size="sm"
                      variant="ghost"
                      disabled={at >= sibs.length - 1}
                      onClick={() => shift(c, 1)}
                      aria-label={t('taxonomy.categories.moveDown', { name: name(c) })}
                    >
                      ↓
                    </Button>
                    <Button
                      size="sm"
                      variant="ghost"
                      onClick={() => setMoving(c)}
                      data-testid={`category-move-${c.id}`}
                    >
                      {t('taxonomy.categories.moveTo')}
                    </Button>
                    {c.level < CATEGORY_LEVELS && (
                      <Button
                        size="sm"
                        variant="ghost"
                        onClick={() => setEditing({ parent: c })}
                        data-testid={`category-add-sub-${c.id}`}
                      >
                        {t('taxonomy.categories.addSub')}
                      </Button>
                    )}
                    <Button
                      size="sm"
                      variant="ghost"
                      onClick={() => setEditing({ category: c })}
                      data-testid={`category-edit-${c.id}`}
                    >
                      {t('taxonomy.edit')}
                    </Button>
                    <IconUpload
                      label={t('taxonomy.iconOf', { name: name(c) })}
                      upload={(file) => uploadIcon('categories', c.id, file)}
                      onDone={() => void refresh()}
                    />
                    <Button
                      size="sm"
                      variant="ghost"
                      className="text-red-800"
                      onClick={() => setDeleting(c)}
                      data-testid={`category-delete-${c.id}`}
                    >
                      {t('taxonomy.delete')}
                    </Button>
                  </div>
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </ListPage>
  );
}
