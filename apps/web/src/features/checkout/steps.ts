import { nationalIdRequired } from '@store/contracts/national-id';

/** The wizard's steps (spec §2), in order, as they appear in the address: /checkout/{step}. */
export const STEPS = ['cart', 'shipping', 'national-id', 'payment'] as const;
export type Step = (typeof STEPS)[number];
/** The indicator also shows where the wizard ends: the placed order. */
export type IndicatorStep = Step | 'complete';

export const isStep = (s: unknown): s is Step => (STEPS as readonly unknown[]).includes(s);

/** The steps of this cart: the National ID step only when the total is 25,000 EGP or more. */
export function wizardSteps(totalEgp: number): Step[] {
  return STEPS.filter((s) => s !== 'national-id' || nationalIdRequired(totalEgp));
}

export interface WizardFacts {
  /** Cart total in EGP (with the chosen address's fee). */
  total: number;
  /** An address is attached to the cart order. */
  hasAddress: boolean;
  /** The user has a valid National ID saved. */
  hasNationalId: boolean;
}

/** The furthest step the shopper may be on with this cart. */
export function furthestStep(f: WizardFacts): Step {
  if (!f.hasAddress) return 'shipping';
  if (nationalIdRequired(f.total) && !f.hasNationalId) return 'national-id';
  return 'payment';
}

/**
 * The step to show for an address: itself when it is a step of this cart that the shopper may reach, else the
 * furthest one before it (an unknown step is the first). Going back is always allowed; skipping ahead is not.
 */
export function resolveStep(requested: string | undefined, f: WizardFacts): Step {
  if (!isStep(requested)) return 'cart';
  const steps = wizardSteps(f.total);
  const limit = steps.indexOf(furthestStep(f));
  let at = steps.indexOf(requested);
  // The National ID step of a cart that does not need it: the step that would come after it.
  if (at < 0) at = steps.indexOf('payment');
  return steps[Math.min(at, limit)]!;
}

/** The step after `step` for this cart (after shipping: National ID only when the total needs it). */
export function nextStep(step: Step, totalEgp: number): Step {
  const steps = wizardSteps(totalEgp);
  return steps[Math.min(steps.indexOf(step) + 1, steps.length - 1)]!;
}
