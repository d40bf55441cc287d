import { useTranslation } from '../lib/i18n';

/** A turning ring with a hidden "Loading..." for screen readers. */
export function Spinner({ className = '', size = 28 }: { className?: string; size?: number }) {
  const { t } = useTranslation();
  return (
    <span role="status" className={`inline-flex items-center justify-center ${className}`}>
      <svg
        width={size}
        height={size}
        viewBox="0 0 24 24"
        aria-hidden="true"
        className="animate-spin text-brand-600 motion-reduce:animate-none"
      >
        <circle cx="12" cy="12" r="9" fill="none" stroke="currentColor" strokeOpacity="0.2" strokeWidth="3" />
        <path
          d="M21 12a9 9 0 0 0-9-9"
          fill="none"
          stroke="currentColor"
          strokeWidth="3"
          strokeLinecap="round"
        />
      </svg>
      <span className="sr-only">{t('loading')}</span>
    </span>
  );
}
