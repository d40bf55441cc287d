import { useTranslation } from 'react-i18next';
import { useLocaleStore } from '../../lib/locale-store';
import { GlobeIcon } from '../../ui/icons';

/** Arabic ⇄ English; the button names the other language in that language (and says so to screen readers). */
export function LanguageSwitch({ className = '' }: { className?: string }) {
  const { t } = useTranslation('admin');
  const locale = useLocaleStore((s) => s.locale);
  const setLocale = useLocaleStore((s) => s.setLocale);
  const other = locale === 'ar' ? 'en' : 'ar';
  return (
    <button
      type="button"
      onClick={() => setLocale(other)}
      className={`inline-flex items-center gap-1.5 rounded-lg px-2 py-1.5 text-sm font-semibold focus-visible:outline-2 focus-visible:outline-offset-2 ${className}`}
      title={t('language.switchTo')}
      data-testid="admin-language-switch"
    >
      <GlobeIcon size={18} />
      <span lang={other}>{t('language.name', { lng: other })}</span>
    </button>
  );
}
