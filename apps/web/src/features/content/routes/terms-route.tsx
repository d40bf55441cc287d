import { PolicyPage } from '../components/policy-page';

/** /terms-conditions */
export function Component() {
  return <PolicyPage page="terms" />;
}
