import { HOTLINE } from '@store/contracts/constants';
import { useTranslation } from '../../lib/i18n';
import { NavLink } from 'react-router';
import { PhoneIcon } from '../../ui/icons';
import { AccountActions, CartLink } from './account-actions';
import { BrandsMenu } from './brands-menu';
import { BurgerMenu } from './burger-menu';
import { CategoriesMenu } from './categories-menu';
import { CategoryPicker } from './category-picker';
import { LanguageSwitch } from './language-switch';
import { Logo } from './logo';
import { navLinkClass, PromotionsNav } from './promotions-nav';
import { SearchBox } from './search-box';

/**
 * The header (spec §2). From 770 px: logo, category picker, search, language, account and cart, then a row of
 * menus. At 769 px or narrower: burger, logo and cart, with the search on a row of its own.
 */
export function Header() {
  const { t } = useTranslation('shell');
  return (
    <header className="bg-brand-900 text-white">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:start-2 focus:top-2 focus:z-[60] focus:rounded-lg focus:bg-white focus:px-4 focus:py-2 focus:text-brand-900"
      >
        {t('skipToContent')}
      </a>
      <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-2 gap-y-3 px-3 py-3 burger:flex-nowrap burger:gap-x-4 burger:px-4 3xl:max-w-[1600px]">
        <BurgerMenu className="burger:hidden" />
        <Logo />
        <CategoryPicker className="hidden w-48 shrink-0 lg:block" />
        <SearchBox className="order-last w-full burger:order-none burger:w-auto burger:flex-1" />
        <div className="ms-auto flex items-center gap-1 burger:ms-0 burger:gap-2">
          <div className="hidden burger:block">
            <LanguageSwitch className="hover:bg-white/10" />
          </div>
          <div className="hidden items-center gap-2 burger:flex">
            <AccountActions />
          </div>
          <CartLink />
        </div>
      </div>
      <nav
        aria-label={t('nav.label')}
        className="hidden border-b border-slate-200 bg-white text-slate-800 burger:block"
      >
        <div className="relative mx-auto flex max-w-7xl items-center px-4 3xl:max-w-[1600px]">
          <ul className="flex min-w-0 flex-1 flex-wrap items-center gap-x-1">
            <li>
              <CategoriesMenu />
            </li>
            <li>
              <BrandsMenu />
            </li>
            <li>
              <NavLink to="/special-offers" className={navLinkClass}>
                {t('nav.specialOffers')}
              </NavLink>
            </li>
            <PromotionsNav />
            <li>
              <NavLink to="/about-us" className={navLinkClass}>
                {t('nav.aboutUs')}
              </NavLink>
            </li>
          </ul>
          <a
            href={`tel:${HOTLINE}`}
            className="hidden shrink-0 items-center gap-1.5 font-bold text-brand-700 lg:inline-flex"
          >
            <PhoneIcon size={18} />
            {t('hotline', { number: HOTLINE })}
          </a>
        </div>
      </nav>
    </header>
  );
}
