import type { Category } from '@store/contracts/catalog';
import { useTranslation } from '../../lib/i18n';
import { Link, NavLink } from 'react-router';
import { useIsSignedIn, useSignOut } from '../../features/auth';
import { useBrands, useCategories, usePromotions } from '../../features/catalog';
import { buttonClass } from '../../ui/button';
import { DrawerImpl as Drawer } from '../../ui/dialog-impl';
import { ChevronDownIcon } from '../../ui/icons';
import { LanguageSwitch } from './language-switch';
import { brandHref, categoryHref, promotionHref } from './links';

const row =
  'flex w-full items-center justify-between gap-2 px-4 py-3 text-start font-semibold hover:bg-slate-50';
const subLink = 'block rounded-md px-3 py-2 text-sm hover:bg-brand-50 hover:text-brand-700';

/**
 * The phone menu: language, account, categories (three levels, folded), brands, special offers, promotions and
 * about us. Following any link closes it.
 */
export default function BurgerDrawer({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange(open: boolean): void;
}) {
  const { t } = useTranslation('shell');
  const signedIn = useIsSignedIn();
  const signOut = useSignOut();
  const { data: tree = [] } = useCategories();
  const { data: brands } = useBrands({ show_all: true }, { enabled: open });
  const { data: promotions = [] } = usePromotions();
  const close = () => onOpenChange(false);

  return (
    <Drawer open={open} onOpenChange={onOpenChange} title={t('burger.title')}>
      <div
        data-testid="burger-drawer"
        onClick={(e) => {
          if ((e.target as HTMLElement).closest('a')) close();
        }}
      >
        <div className="flex flex-wrap items-center gap-2 border-b border-slate-200 p-4">
          {signedIn ? (
            <>
              <Link to="/my-account/account" className={buttonClass('primary', 'sm')}>
                {t('account.myAccount')}
              </Link>
              <Link to="/my-account/wishlist" className={buttonClass('outline', 'sm')}>
                {t('account.wishlist')}
              </Link>
              <Link to="/my-account/orders" className={buttonClass('outline', 'sm')}>
                {t('account.orders')}
              </Link>
              <button
                type="button"
                onClick={() => {
                  close();
                  void signOut();
                }}
                className={buttonClass('outline', 'sm')}
              >
                {t('account.signOut')}
              </button>
            </>
          ) : (
            <>
              <Link to="/auth/signin" className={buttonClass('primary', 'sm')}>
                {t('account.login')}
              </Link>
              <Link to="/auth/register" className={buttonClass('outline', 'sm')}>
                {t('account.register')}
              </Link>
            </>
          )}
          <LanguageSwitch onSwitched={close} className="ms-auto text-brand-700 hover:bg-brand-50" />
        </div>

        <nav aria-label={t('nav.label')}>
          <ul className="divide-y divide-slate-100">
            <li>
              <Folder label={t('nav.categories')} testId="burger-categories" defaultOpen>
                <ul className="pb-2">
                  {tree.map((c) => (
                    <li key={c.id}>
                      <CategoryFolder category={c} depth={1} />
                    </li>
                  ))}
                </ul>
              </Folder>
            </li>
            <li>
              <Folder label={t('nav.brands')}>
                <ul className="grid grid-cols-2 gap-1 px-3 pb-3">
                  {(brands?.brands ?? []).map((b) => (
                    <li key={b.id}>
                      <Link to={brandHref(b.id)} className={subLink}>
                        {b.name}
                      </Link>
                    </li>
                  ))}
                </ul>
              </Folder>
            </li>
            <li>
              <NavLink to="/special-offers" className={row}>
                {t('nav.specialOffers')}
              </NavLink>
            </li>
            {promotions.length > 0 && (
              <li>
                <Folder label={t('nav.promotions')}>
                  <ul className="px-3 pb-3">
                    {promotions.map((p) => (
                      <li key={p.id}>
                        <Link to={promotionHref(p.slug)} className={subLink}>
                          {p.name}
                        </Link>
                      </li>
                    ))}
                  </ul>
                </Folder>
              </li>
            )}
            <li>
              <NavLink to="/about-us" className={row}>
                {t('nav.aboutUs')}
              </NavLink>
            </li>
          </ul>
        </nav>
      </div>
    </Drawer>
  );
}

/** A folding section (native details/summary: keyboard and screen readers for free). */
function Folder({
  label,
  children,
  defaultOpen,
  testId,
}: {
  label: string;
  children: React.ReactNode;
  defaultOpen?: boolean;
  testId?: string;
}) {
  return (
    <details open={defaultOpen} className="group" data-testid={testId}>
      <summary className={`${row} cursor-pointer list-none [&::-webkit-details-marker]:hidden`}>
        {label}
        <ChevronDownIcon
          size={18}
          className="transition-transform group-open:rotate-180 motion-reduce:transition-none"
        />
      </summary>
      {children}
    </details>
  );
}

/** A category with its sub-categories folded under it, down to the third level. */
function CategoryFolder({ category, depth }: { category: Category; depth: number }) {
  const { t } = useTranslation('shell');
  const indent = depth === 1 ? 'ps-4' : depth === 2 ? 'ps-8' : 'ps-12';
  if (category.children.length === 0 || depth >= 3)
    return (
      <Link
        to={categoryHref(category.id)}
        className={`block py-2 pe-4 text-sm hover:bg-brand-50 hover:text-brand-700 ${indent}`}
      >
        {category.name}
      </Link>
    );
  return (
    <details className="group/cat">
      <summary
        className={`flex cursor-pointer list-none items-center justify-between py-2 pe-4 text-sm font-medium hover:bg-slate-50 [&::-webkit-details-marker]:hidden ${indent}`}
      >
        {category.name}
        <ChevronDownIcon
          size={16}
          className="transition-transform group-open/cat:rotate-180 motion-reduce:transition-none"
        />
      </summary>
      <ul>
        <li>
          <Link
            to={categoryHref(category.id)}
            className={`block py-2 pe-4 text-sm font-semibold text-brand-700 hover:underline ${depth === 1 ? 'ps-8' : 'ps-12'}`}
          >
            {t('nav.allIn', { name: category.name })}
          </Link>
        </li>
        {category.children.map((c) => (
          <li key={c.id}>
            <CategoryFolder category={c} depth={depth + 1} />
          </li>
        ))}
      </ul>
    </details>
  );
}
