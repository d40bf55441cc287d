import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/button';
import { Card } from '../components/card';
import { ErrorBox } from '../components/messages';
import { errorMessages } from '../../lib/form-errors';
import { BACKUP_URL, checkBackup } from './api';

/**
 * The owner's backup (issue 45): the server is asked first whether it can make one now, so that a refusal shows
 * here in words; then the browser itself downloads the archive, streamed to disk whatever its size.
 */
export function BackupCard() {
  const { t } = useTranslation('admin');
  const [busy, setBusy] = useState(false);
  const [started, setStarted] = useState(false);
  const [errors, setErrors] = useState<string[]>([]);

  const download = async () => {
    setBusy(true);
    setErrors([]);
    setStarted(false);
    try {
      await checkBackup();
      const link = document.createElement('a');
      link.href = BACKUP_URL;
      link.download = '';
      document.body.append(link);
      link.click();
      link.remove();
      setStarted(true);
    } catch (err) {
      setErrors(errorMessages(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card title={t('dashboard.backup.title')} testId="backup">
      <p className="text-sm text-slate-700">{t('dashboard.backup.hint')}</p>
      <ErrorBox messages={errors} className="mt-3" />
      {started && (
        <p role="status" className="mt-3 text-sm text-slate-700">
          {t('dashboard.backup.started')}
        </p>
      )}
      <Button
        variant="outline"
        className="mt-3"
        onClick={() => void download()}
        disabled={busy}
        data-testid="backup-download"
      >
        {busy ? t('dashboard.backup.preparing') : t('dashboard.backup.download')}
      </Button>
    </Card>
  );
}
