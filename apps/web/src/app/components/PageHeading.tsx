import type { ReactNode } from 'react';

/**
 * The heading of every page: its title (the page's one h1), a line under it, and the page's actions on the right as
 * one group that keeps its buttons on one line; where title and group do not fit side by side, the group moves
 * under the title (and only a phone lets its buttons wrap).
 */
export function PageHeading({ title, subtitle, children }: { title: ReactNode; subtitle?: ReactNode; children?: ReactNode }) {
  return (
    <header className="page-heading">
      <div className="page-heading__text">
        <h1 className="page-heading__title">{title}</h1>
        {subtitle !== undefined && <p className="page-heading__subtitle">{subtitle}</p>}
      </div>
      {children !== undefined && children !== null && children !== false && <div className="page-heading__actions">{children}</div>}
    </header>
  );
}
