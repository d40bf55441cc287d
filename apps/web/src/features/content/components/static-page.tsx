import type { ReactNode } from 'react';
import { Breadcrumbs } from '../../../ui/breadcrumbs';

/** The frame of a text page: breadcrumbs, the page's h1, then its content in a readable column. */
export function StaticPage({
  title,
  children,
  aside,
}: {
  title: string;
  children: ReactNode;
  aside?: ReactNode;
}) {
  return (
    <div className="mx-auto max-w-7xl px-4 py-6 3xl:max-w-[1600px]">
      <Breadcrumbs items={[{ label: title }]} className="mb-4" />
      <h1 className="mb-6 text-2xl font-extrabold text-slate-900 sm:text-3xl">{title}</h1>
      {children}
      {aside}
    </div>
  );
}
