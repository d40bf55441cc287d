import { useTranslation } from 'react-i18next';
import { Card } from '../components/card';
import { useAdminTitle } from '../lib/use-admin-title';
import { Bilingual, SettingsPage } from './settings-editor';

/** The about-us page's texts (spec §2, §3): two titles and two paragraphs, Arabic beside English. */
export function Component() {
  const { t } = useTranslation('admin');
  useAdminTitle(t('content.about.title'));
  return (
    <SettingsPage group="about_us">
      {(editor) => (
        <>
          {(['first', 'second'] as const).map((part) => (
            <Card key={part} title={t(`content.about.${part}`)}>
              <div className="flex flex-col gap-3">
                <Bilingual editor={editor} name={`${part}_title`} label={t('content.about.heading')} />
                <Bilingual editor={editor} name={`${part}_paragraph`} label={t('content.about.paragraph')} />
              </div>
            </Card>
          ))}
        </>
      )}
    </SettingsPage>
  );
}
