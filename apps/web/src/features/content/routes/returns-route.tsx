import { PolicyPage } from '../components/policy-page';

/** /returns-policy (spec §9: 14 days to return or exchange, 30 days for a manufacturing defect). */
export function Component() {
  return <PolicyPage page="returns" />;
}
