import type { ReactNode } from 'react';

/** The heading of every page: its title (the page's one h1), a line under it, and the page's actions on the right. */
export function PageHeading({ title, subtitle, children }: { title: ReactNode; subtitle?: ReactNode; children?: ReactNode }) {
  return (
    <header className="page-heading">
      <div>
        <h1 className="page-heading__title">{title}</h1>
        {subtitle !== undefined && <p className="page-heading__subtitle">{subtitle}</p>}
      </div>
      {children}
    </header>
  );
}
