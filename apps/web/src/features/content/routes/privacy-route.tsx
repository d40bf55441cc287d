import { PolicyPage } from '../components/policy-page';
import { useContentTranslation } from '../use-content-translation';

/** /privacy-policy, last updated 30 October 2024 (spec §2). */
export function Component() {
  const { t } = useContentTranslation();
  return <PolicyPage page="privacy" updatedOn={t('privacy.updatedOn')} />;
}
