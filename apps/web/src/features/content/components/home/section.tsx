import { useId, type ReactNode } from 'react';
import { Link } from 'react-router';
import { ChevronEndIcon } from '../../../../ui/icons';
import { BelowFold } from '../../../../ui/below-fold';

/**
 * A home section with its h2 and an optional "view all" link at the end of the title row. Every one is below the
 * first screen (under the slides and the banners), drawn and hydrated when it comes near (ui/below-fold.tsx); `size` sets its usual
 * height (`--below-fold-size`), the place it holds until then.
 */
export function HomeSection({
  title,
  more,
  children,
  className = '',
  size = '[--below-fold-size:480px]',
  testId,
}: {
  title: string;
  more?: { to: string; label: string };
  children: ReactNode;
  className?: string;
  /** Tailwind classes setting --below-fold-size, per screen width where it differs. */
  size?: string;
  testId?: string;
}) {
  const id = useId();
  return (
    <BelowFold
      as="section"
      aria-labelledby={id}
      className={`mx-auto mt-10 max-w-7xl px-4 3xl:max-w-[1600px] ${size} ${className}`}
      data-testid={testId}
    >
      <div className="mb-4 flex items-end justify-between gap-4">
        <h2 id={id} className="text-xl font-extrabold text-slate-900 sm:text-2xl">
          {title}
        </h2>
        {more && (
          <Link
            to={more.to}
            className="inline-flex shrink-0 items-center gap-1 text-sm font-semibold text-brand-700 hover:underline"
          >
            {more.label}
            <ChevronEndIcon size={16} />
          </Link>
        )}
      </div>
      {children}
    </BelowFold>
  );
}
