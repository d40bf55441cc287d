import { useTranslation } from '../../lib/i18n';
import { NavLink } from 'react-router';
import { usePromotions } from '../../features/catalog';
import { promotionHref } from './links';
import { NavDisclosure } from './nav-disclosure';

export const navLinkClass = ({ isActive }: { isActive: boolean }) =>
  `inline-flex h-12 items-center px-3 font-semibold whitespace-nowrap hover:text-brand-700 ${isActive ? 'text-brand-700 underline decoration-2 underline-offset-8' : ''}`;

/** Running promotions: a link each when there are fewer than 3, one dropdown otherwise (spec §2). */
export function PromotionsNav() {
  const { t } = useTranslation('shell');
  const { data: promotions = [] } = usePromotions();
  if (promotions.length === 0) return null;
  if (promotions.length < 3)
    return (
      <>
        {promotions.map((p) => (
          <li key={p.id}>
            <NavLink to={promotionHref(p.slug)} className={navLinkClass}>
              {p.name}
            </NavLink>
          </li>
        ))}
      </>
    );
  return (
    <li>
      <NavDisclosure
        testId="promotions-menu"
        label={t('nav.promotions')}
        panelClassName="start-0 top-full w-72"
      >
        <ul className="p-2">
          {promotions.map((p) => (
            <li key={p.id}>
              <NavLink
                to={promotionHref(p.slug)}
                className="block rounded-md px-3 py-2 text-sm font-medium hover:bg-brand-50 hover:text-brand-700"
              >
                {p.name}
              </NavLink>
            </li>
          ))}
        </ul>
      </NavDisclosure>
    </li>
  );
}
