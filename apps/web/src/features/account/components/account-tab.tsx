import { useNamespace } from '../../../lib/i18n';
import { accountTexts } from '../../../i18n/account';
import { Link } from 'react-router';
import { useAuth, useSignOut } from '../../auth';

export default function AccountTab() {
  const { t } = useNamespace('account', accountTexts);
  const user = useAuth((s) => s.user);
  const signOut = useSignOut();
  if (!user) return <></>;
  const rows: [string, string][] = [
    [t('fields.firstName'), user.first_name],
    [t('fields.lastName'), user.last_name],
    [t('fields.email'), user.email],
    [t('fields.mobile'), user.phone_number],
  ];
  return (
    <div>
      <h2 className="mb-4 text-lg font-bold">{t('tabs.account')}</h2>
      <dl className="grid gap-4 sm:grid-cols-2">
        {rows.map(([k, v]) => (
          <div key={k} className="rounded-lg bg-slate-50 p-3">
            <dt className="text-sm text-slate-600">{k}</dt>
            <dd className="font-medium break-words">
              {/* Email and phone read left to right, aligned like the rest in either language. */}
              {k === t('fields.email') || k === t('fields.mobile') ? <bdi dir="ltr">{v}</bdi> : v}
            </dd>
          </div>
        ))}
      </dl>
      <div className="mt-6 flex flex-wrap gap-3">
        <Link
          to="/my-account/account/edit-profile"
          className="rounded-lg bg-brand-700 px-4 py-2 font-semibold text-white hover:bg-brand-900"
        >
          {t('editProfile')}
        </Link>
        <Link
          to="/my-account/account/change-password"
          className="rounded-lg border border-brand-700 px-4 py-2 font-semibold text-brand-700"
        >
          {t('changePassword')}
        </Link>
        <button
          type="button"
          onClick={() => void signOut()}
          className="rounded-lg border border-slate-300 px-4 py-2 font-semibold text-slate-700 hover:bg-slate-50 sm:ms-auto"
        >
          {t('signOut')}
        </button>
      </div>
    </div>
  );
}
