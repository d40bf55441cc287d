import type { ReactNode } from 'react';
import { useTranslation } from '../../lib/i18n';
import { Link } from 'react-router';
import {
  ChatIcon,
  FacebookIcon,
  InstagramIcon,
  MailIcon,
  ReceiptIcon,
  TiktokIcon,
  YoutubeIcon,
} from '../../ui/contact-icons';
import { PhoneIcon } from '../../ui/icons';
import { FOOTER_CLASS } from './footer-frame';
import { Logo } from './logo';
import { STORE_CONTACTS as C } from '../../lib/store-contacts';
import { useStoreSeller } from './store-seller';

const social = [
  { key: 'facebook', href: C.social.facebook, Icon: FacebookIcon },
  { key: 'instagram', href: C.social.instagram, Icon: InstagramIcon },
  { key: 'youtube', href: C.social.youtube, Icon: YoutubeIcon },
  { key: 'tiktok', href: C.social.tiktok, Icon: TiktokIcon },
] as const;

/**
 * Footer (spec §1): hotline, messaging number, e-mail, tax number, social links and the policy pages. Rendered by
 * the server, and by the browser only when it renders the page itself or the language changes (footer.tsx). The tax
 * number is the invoices' (GET /v1/store/seller, the API's STORE_TAX_ID), so the shop shows one number everywhere.
 */
export function FooterContent() {
  const { t } = useTranslation('shell');
  const seller = useStoreSeller().data;
  return (
    <footer className={FOOTER_CLASS} data-site-footer="">
      <div className="mx-auto grid max-w-7xl gap-8 px-4 py-10 sm:grid-cols-2 lg:grid-cols-4 3xl:max-w-[1600px]">
        <div className="space-y-3">
          <Logo className="text-white" />
          <p className="text-sm leading-relaxed text-slate-300">{t('footer.about')}</p>
          <ul className="flex gap-2" aria-label={t('footer.followUs')}>
            {social.map(({ key, href, Icon }) => (
              <li key={key}>
                <a
                  href={href}
                  target="_blank"
                  rel="noopener noreferrer"
                  aria-label={t(`footer.social.${key}`)}
                  className="flex size-10 items-center justify-center rounded-full bg-white/10 hover:bg-accent-500 hover:text-slate-950"
                >
                  <Icon size={20} />
                </a>
              </li>
            ))}
          </ul>
        </div>
        <FooterColumn title={t('footer.shop')}>
          <FooterLink to="/products">{t('footer.allProducts')}</FooterLink>
          <FooterLink to="/special-offers">{t('nav.specialOffers')}</FooterLink>
          <FooterLink to="/cart">{t('cart.title')}</FooterLink>
          <FooterLink to="/my-account/orders">{t('account.orders')}</FooterLink>
        </FooterColumn>
        <FooterColumn title={t('footer.help')}>
          <FooterLink to="/about-us">{t('nav.aboutUs')}</FooterLink>
          <FooterLink to="/terms-conditions">{t('footer.terms')}</FooterLink>
          <FooterLink to="/privacy-policy">{t('footer.privacy')}</FooterLink>
          <FooterLink to="/returns-policy">{t('footer.returns')}</FooterLink>
        </FooterColumn>
        <FooterColumn title={t('footer.contact')}>
          <li>
            <a href={`tel:${C.hotline}`} className="inline-flex items-center gap-2 hover:text-accent-400">
              <PhoneIcon size={18} />
              <span>
                {t('footer.hotline')}: <bdi className="font-bold">{C.hotline}</bdi>
              </span>
            </a>
          </li>
          <li>
            <a
              href={`https://wa.me/${C.whatsapp.international}`}
              target="_blank"
              rel="noopener noreferrer"
              className="inline-flex items-center gap-2 hover:text-accent-400"
            >
              <ChatIcon size={18} />
              <span>
                {t('footer.whatsapp')}: <bdi dir="ltr">{C.whatsapp.display}</bdi>
              </span>
            </a>
          </li>
          <li>
            <a
              href={`mailto:${C.email}`}
              className="inline-flex items-center gap-2 break-all hover:text-accent-400"
            >
              <MailIcon size={18} className="shrink-0" />
              <bdi>{C.email}</bdi>
            </a>
          </li>
          {seller && (
            <li className="inline-flex items-center gap-2">
              <ReceiptIcon size={18} />
              <span>
                {t('footer.taxNumber')}: <bdi dir="ltr">{seller.tax_id}</bdi>
              </span>
            </li>
          )}
        </FooterColumn>
      </div>
      <div className="border-t border-white/10">
        <p className="mx-auto max-w-7xl px-4 py-4 text-center text-sm text-slate-300 3xl:max-w-[1600px]">
          {t('footer.copyright', { year: new Date().getFullYear(), name: t('common:storeName') })}
        </p>
      </div>
    </footer>
  );
}

function FooterColumn({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div>
      <h2 className="mb-3 text-base font-bold text-white">{title}</h2>
      <ul className="space-y-2 text-sm text-slate-200">{children}</ul>
    </div>
  );
}

function FooterLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <li>
      <Link to={to} className="hover:text-accent-400 hover:underline">
        {children}
      </Link>
    </li>
  );
}
