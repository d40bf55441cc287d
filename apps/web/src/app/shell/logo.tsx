import { useTranslation } from '../../lib/i18n';
import { Link } from 'react-router';

/** The store's mark and name, linking home. */
export function Logo({ className = '', onNavigate }: { className?: string; onNavigate?: () => void }) {
  const { t } = useTranslation();
  return (
    <Link
      to="/"
      onClick={onNavigate}
      className={`flex shrink-0 items-center gap-2 font-extrabold ${className}`}
    >
      <svg width="36" height="36" viewBox="0 0 64 64" aria-hidden="true" focusable="false">
        <rect width="64" height="64" rx="14" fill="#f5a623" />
        <path d="M18 22h28l-3 20H21z" fill="#08304f" />
        <circle cx="25" cy="48" r="4" fill="#fff" />
        <circle cx="40" cy="48" r="4" fill="#fff" />
      </svg>
      <span className="text-lg leading-tight">{t('storeName')}</span>
    </Link>
  );
}
