import type { IndicatorStep, Step } from '../steps';
import { useCheckoutTranslation } from '../i18n';

interface Props {
  steps: IndicatorStep[];
  current: Step;
  /** Going back to an earlier step; none while going back is not possible (an online payment is open). */
  onBack?(step: Step): void;
}

/**
 * The wizard's steps (spec §2): completed ones with a check and clickable (going back), the current one marked,
 * later ones plain (going forward is not allowed).
 */
export function StepIndicator({ steps, current, onBack }: Props) {
  const { t } = useCheckoutTranslation();
  const at = steps.indexOf(current);
  return (
    <nav aria-label={t('steps.label')} className="mb-6" data-testid="step-indicator">
      <ol className="flex items-start">
        {steps.map((s, i) => {
          const done = i < at;
          const isCurrent = i === at;
          const label = t(`steps.${s}`);
          const circle = (
            <span
              className={`relative z-10 flex size-9 shrink-0 items-center justify-center rounded-full text-sm font-bold ${
                done
                  ? 'bg-brand-700 text-white'
                  : isCurrent
                    ? 'border-2 border-brand-700 bg-white text-brand-700'
                    : 'border border-slate-300 bg-slate-100 text-slate-500'
              }`}
            >
              {done ? (
                <svg
                  width="18"
                  height="18"
                  viewBox="0 0 24 24"
                  fill="none"
                  stroke="currentColor"
                  strokeWidth="3"
                  aria-hidden="true"
                >
                  <path d="M5 12.5l4.5 4.5L19 7.5" strokeLinecap="round" strokeLinejoin="round" />
                </svg>
              ) : (
                i + 1
              )}
            </span>
          );
          const text = (
            <span
              className={`mt-1.5 text-center text-xs leading-tight sm:text-sm ${isCurrent ? 'font-bold text-slate-900' : done ? 'text-slate-800' : 'text-slate-500'}`}
            >
              {label}
            </span>
          );
          return (
            <li
              key={s}
              className="relative flex min-w-0 flex-1 flex-col items-center"
              data-step={s}
              data-state={done ? 'done' : isCurrent ? 'current' : 'upcoming'}
            >
              {i < steps.length - 1 && (
                <span
                  aria-hidden="true"
                  className={`absolute top-[1.0625rem] start-1/2 h-0.5 w-full ${done ? 'bg-brand-700' : 'bg-slate-300'}`}
                />
              )}
              {done && s !== 'complete' && onBack ? (
                <button
                  type="button"
                  onClick={() => onBack(s)}
                  className="flex flex-col items-center rounded-lg px-1 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700"
                  aria-label={t('steps.backTo', { step: label })}
                >
                  {circle}
                  {text}
                </button>
              ) : (
                <div
                  className="flex flex-col items-center px-1"
                  aria-current={isCurrent ? 'step' : undefined}
                >
                  {circle}
                  {text}
                  {done && <span className="sr-only">{t('steps.completed')}</span>}
                </div>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
