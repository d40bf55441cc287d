import { languageNames, loadLanguage, useTranslation } from '../../lib/i18n';
import { useLocation, useNavigate } from 'react-router';
import { useLocaleStore } from '../../lib/locale-store';
import { GlobeIcon } from '../../ui/icons';

/**
 * Switches Arabic ⇄ English. The button shows the other language's own name ("English" / "العربية"), marked with
 * that language so a screen reader pronounces it right. Cached server data follows (see useLanguageSync).
 *
 * A page holds its own language's texts only: the other language's are fetched when the shopper points at or
 * touches the button, and the language changes once they are in, so the whole page turns over at once.
 */
export function LanguageSwitch({
  className = '',
  onSwitched,
}: {
  className?: string;
  onSwitched?: () => void;
}) {
  const { t } = useTranslation('shell');
  const locale = useLocaleStore((s) => s.locale);
  const setLocale = useLocaleStore((s) => s.setLocale);
  const other = locale === 'ar' ? 'en' : 'ar';
  const location = useLocation();
  const navigate = useNavigate();
  const prefetch = () => void loadLanguage(other).catch(() => {});
  return (
    <button
      type="button"
      onPointerEnter={prefetch}
      onTouchStart={prefetch}
      onFocus={prefetch}
      onClick={async () => {
        // Offline the texts cannot come: the language still changes, with the texts the page has.
        await loadLanguage(other).catch(() => {});
        setLocale(other);
        // An address that names its language moves to the other language's address of the same page.
        const params = new URLSearchParams(location.search);
        if (params.has('lang')) {
          if (other === 'en') params.set('lang', 'en');
          else params.delete('lang');
          const q = params.toString();
          // The same page in the other language: the shopper stays where they were on it (issue 43, item 14).
          const state = (location.state ?? {}) as Record<string, unknown>;
          navigate(
            { pathname: location.pathname, search: q ? `?${q}` : '', hash: location.hash },
            { replace: true, state: { ...state, keepScroll: true } },
          );
        }
        onSwitched?.();
      }}
      className={`inline-flex items-center gap-1.5 rounded-lg px-2 py-1.5 font-semibold ${className}`}
      title={t('language.switchTo')}
      data-testid="language-switch"
    >
      <GlobeIcon size={20} />
      <span lang={other}>{languageNames[other]}</span>
    </button>
  );
}
