import type { ReactNode } from 'react';

export function EmptyState({ title, children, icon = '◇' }: { title: string; children?: ReactNode; icon?: string }) {
  return (
    <div className="empty" role="status">
      <div className="empty-icon" aria-hidden="true">
        {icon}
      </div>
      <p className="empty-title">{title}</p>
      {children && <div className="empty-body">{children}</div>}
    </div>
  );
}
