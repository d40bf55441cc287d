export {
  getPageSettings,
  pageSettingsQueryOptions,
  settingImage,
  settingText,
  usePageSettings,
  type PageSettingsGroup,
} from './api/get-page-settings';
export { branchesQueryOptions, getBranches, mapUrl, useBranches } from './api/get-branches';
export { prefetchHome } from './prefetch-home';
