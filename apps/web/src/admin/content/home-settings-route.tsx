import { EXPLORE_BANNERS, TOP_SLIDES } from '@store/contracts/admin-content';
import type { Locale } from '@store/contracts/constants';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocaleStore } from '../../lib/locale-store';
import { Card } from '../components/card';
import { useAdminTitle } from '../lib/use-admin-title';
import { Bilingual, ImageSetting, SettingField, SettingsPage, type SettingsEditor } from './settings-editor';

/** A picture in a language: the Arabic one when there is one, as the store picks it. */
const pictureIn = (editor: SettingsEditor, name: string, lang: Locale) =>
  (lang === 'ar' ? editor.image(`${name}_ar`) : null) ?? editor.image(name);

/**
 * What the store's home page will show with the values being typed: the two top slides (picture, title, line and
 * button, in the chosen language) and the four explore banners. Not saved until Save.
 */
function Preview({ editor }: { editor: SettingsEditor }) {
  const { t } = useTranslation('admin');
  const staffLocale = useLocaleStore((s) => s.locale);
  const [lang, setLang] = useState<Locale>(staffLocale);
  const values = editor.form.watch();
  // The store falls back to the English text when the Arabic one is empty.
  const text = (name: string) =>
    (lang === 'ar' ? values[`${name}_ar`]?.trim() : '') || values[name]?.trim() || '';
  return (
    <Card
      title={t('content.home.preview')}
      action={
        <div role="group" aria-label={t('content.home.previewLanguage')} className="flex gap-1">
          {(['ar', 'en'] as const).map((l) => (
            <button
              key={l}
              type="button"
              aria-pressed={lang === l}
              onClick={() => setLang(l)}
              className={`rounded-full border px-3 py-1 text-sm font-semibold ${
                lang === l ? 'border-brand-700 bg-brand-700 text-white' : 'border-slate-300 bg-white'
              }`}
              data-testid={`preview-${l}`}
            >
              {t('language.name', { lng: l })}
            </button>
          ))}
        </div>
      }
      testId="home-preview"
    >
      <div lang={lang} dir={lang === 'ar' ? 'rtl' : 'ltr'} className="flex flex-col gap-3">
        {TOP_SLIDES.map((s) => {
          const src = pictureIn(editor, s, lang);
          const title = text(`${s}_title`);
          const line = text(`${s}_text`);
          const cta = text(`${s}_cta`);
          return (
            <div
              key={s}
              className="relative aspect-[16/5] overflow-hidden rounded-lg bg-slate-200"
              data-testid={`preview-${s}`}
            >
              {src && <img src={src} alt="" className="absolute inset-0 h-full w-full object-cover" />}
              {title && (
                <div className="absolute inset-y-0 start-0 flex w-3/5 flex-col justify-center gap-0.5 ps-3 text-white ltr:bg-linear-to-r rtl:bg-linear-to-l from-slate-950/50 to-transparent">
                  <p className="text-base leading-tight font-extrabold drop-shadow">{title}</p>
                  {line && <p className="text-[11px] leading-snug drop-shadow">{line}</p>}
                  {cta && (
                    <span className="mt-1 w-fit rounded-full bg-white px-2 py-0.5 text-[11px] font-bold text-brand-900">
                      {cta}
                    </span>
                  )}
                </div>
              )}
            </div>
          );
        })}
        <ul className="grid grid-cols-2 gap-2">
          {EXPLORE_BANNERS.map((e) => {
            const src = pictureIn(editor, e, lang);
            return (
              <li key={e} className="relative aspect-[4/3] overflow-hidden rounded-lg bg-slate-200">
                {src && <img src={src} alt="" className="h-full w-full object-cover" />}
                <span className="absolute bottom-1 start-1 rounded bg-white/95 px-1.5 py-0.5 text-[10px] font-bold text-brand-900">
                  {t('content.home.shopNow', { lng: lang })}
                </span>
                <span
                  className="absolute top-1 end-1 max-w-[90%] truncate rounded bg-slate-900/70 px-1 text-[10px] text-white"
                  dir="ltr"
                >
                  {values[`${e}_link`]?.trim() || '/products'}
                </span>
              </li>
            );
          })}
        </ul>
      </div>
    </Card>
  );
}

/** The home page's settings (spec §3): two top slides, four explore banners, the video banner; with a preview. */
export function Component() {
  const { t } = useTranslation('admin');
  useAdminTitle(t('content.home.title'));
  const group = 'home_page';
  return (
    <SettingsPage group={group} aside={(editor) => <Preview editor={editor} />}>
      {(editor) => (
        <>
          {TOP_SLIDES.map((s, i) => (
            <Card key={s} title={t('content.home.slide', { n: i + 1 })} testId={`card-${s}`}>
              <div className="flex flex-col gap-3">
                <div className="grid gap-3 sm:grid-cols-2">
                  <ImageSetting
                    editor={editor}
                    group={group}
                    name={`${s}_ar`}
                    label={t('content.home.imageAr')}
                  />
                  <ImageSetting editor={editor} group={group} name={s} label={t('content.home.imageEn')} />
                </div>
                <Bilingual editor={editor} name={`${s}_title`} label={t('content.home.slideTitle')} />
                <Bilingual editor={editor} name={`${s}_text`} label={t('content.home.slideText')} />
                <Bilingual editor={editor} name={`${s}_cta`} label={t('content.home.slideCta')} />
                <SettingField editor={editor} name={`${s}_link`} label={t('content.home.link')} />
              </div>
            </Card>
          ))}
          <Card title={t('content.home.explore')}>
            <p className="mb-3 text-sm text-slate-600">{t('content.home.linkHint')}</p>
            <div className="grid gap-4 lg:grid-cols-2">
              {EXPLORE_BANNERS.map((e, i) => (
                <fieldset key={e} className="flex min-w-0 flex-col gap-3 rounded-xl bg-slate-50 p-3">
                  <legend className="px-1 text-sm font-bold">{t('content.home.banner', { n: i + 1 })}</legend>
                  <div className="grid gap-3 sm:grid-cols-2">
                    <ImageSetting
                      editor={editor}
                      group={group}
                      name={`${e}_ar`}
                      label={t('content.home.imageAr')}
                    />
                    <ImageSetting editor={editor} group={group} name={e} label={t('content.home.imageEn')} />
                  </div>
                  <SettingField editor={editor} name={`${e}_link`} label={t('content.home.link')} />
                </fieldset>
              ))}
            </div>
          </Card>
          <Card title={t('content.home.video')}>
            <div className="flex flex-col gap-3">
              <div className="grid gap-3 sm:grid-cols-2">
                <ImageSetting
                  editor={editor}
                  group={group}
                  name="video_banner_image_ar"
                  label={t('content.home.imageAr')}
                />
                <ImageSetting
                  editor={editor}
                  group={group}
                  name="video_banner_image"
                  label={t('content.home.imageEn')}
                />
              </div>
              <SettingField editor={editor} name="video_banner_link" label={t('content.home.videoLink')} />
            </div>
          </Card>
        </>
      )}
    </SettingsPage>
  );
}
