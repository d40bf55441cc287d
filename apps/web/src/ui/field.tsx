import {
  forwardRef,
  useId,
  type InputHTMLAttributes,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
} from 'react';

export const controlClass =
  'w-full min-w-0 rounded-lg border border-slate-300 bg-white px-3 py-2 text-slate-900 outline-none focus-visible:border-brand-600 focus-visible:ring-2 focus-visible:ring-brand-500/40 aria-[invalid]:border-red-600';

function Wrap({
  id,
  label,
  error,
  hint,
  children,
  className = '',
}: {
  id: string;
  label: string;
  error?: string;
  hint?: ReactNode;
  children: ReactNode;
  className?: string;
}) {
  return (
    <div className={`flex min-w-0 flex-col gap-1 ${className}`}>
      <label htmlFor={id} className="text-sm font-medium text-slate-700">
        {label}
      </label>
      {children}
      {hint && !error && <p className="text-xs text-slate-500">{hint}</p>}
      {error && (
        <p id={`${id}-error`} role="alert" className="text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}

type Extra = { label: string; error?: string; hint?: ReactNode; wrapClassName?: string };

/**
 * A labelled input with its error below, announced to screen readers (the storefront's and the back office's
 * forms). Its id is React's own unless given, so two forms on one screen never share one.
 */
export const Field = forwardRef<HTMLInputElement, InputHTMLAttributes<HTMLInputElement> & Extra>(
  function Field({ label, error, hint, wrapClassName, id, className = '', ...rest }, ref) {
    const auto = useId();
    const fid = id ?? auto;
    return (
      <Wrap id={fid} label={label} error={error} hint={hint} className={wrapClassName}>
        <input
          ref={ref}
          id={fid}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${fid}-error` : undefined}
          className={`${controlClass} h-11 ${className}`}
          {...rest}
        />
      </Wrap>
    );
  },
);

/** A labelled native select. */
export const SelectField = forwardRef<HTMLSelectElement, SelectHTMLAttributes<HTMLSelectElement> & Extra>(
  function SelectField({ label, error, hint, wrapClassName, id, className = '', children, ...rest }, ref) {
    const auto = useId();
    const fid = id ?? auto;
    return (
      <Wrap id={fid} label={label} error={error} hint={hint} className={wrapClassName}>
        <select
          ref={ref}
          id={fid}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${fid}-error` : undefined}
          className={`${controlClass} h-11 ${className}`}
          {...rest}
        >
          {children}
        </select>
      </Wrap>
    );
  },
);

/** A labelled text area. */
export const TextAreaField = forwardRef<
  HTMLTextAreaElement,
  TextareaHTMLAttributes<HTMLTextAreaElement> & Extra
>(function TextAreaField({ label, error, hint, wrapClassName, id, className = '', ...rest }, ref) {
  const auto = useId();
  const fid = id ?? auto;
  return (
    <Wrap id={fid} label={label} error={error} hint={hint} className={wrapClassName}>
      <textarea
        ref={ref}
        id={fid}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${fid}-error` : undefined}
        className={`${controlClass} ${className}`}
        {...rest}
      />
    </Wrap>
  );
});
