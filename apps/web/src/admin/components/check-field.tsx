import type { InputHTMLAttributes, ReactNode, Ref } from 'react';

/**
 * A labelled checkbox: a row's flag in a form (`{...form.register('active')}`) or a switch of its own (`checked`
 * and `onChange`).
 */
export function CheckField({
  label,
  ...rest
}: InputHTMLAttributes<HTMLInputElement> & { label: ReactNode; ref?: Ref<HTMLInputElement> }) {
  return (
    <label className="inline-flex min-h-9 cursor-pointer items-center gap-2 text-sm font-medium text-slate-800">
      <input type="checkbox" className="size-4 accent-brand-700" {...rest} />
      {label}
    </label>
  );
}
