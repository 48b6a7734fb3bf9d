// A view whose code is fetched apart, the first time it is shown (the graph view and the editor are
// much of the bundle's weight). A fetch that fails while the server is away waits for it and tries again;
// one that fails otherwise throws to the screen's boundary. React.lazy keeps a failure for good
// (and React draws it again at once), so a failed view is renewed only when the boundary retries.
import { createElement, lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { connection } from '../api/connection.ts';

const failed = new Set<() => void>();

/** Lets every view whose fetch failed fetch its code again the next time it is drawn. */
export function renewFailedViews(): void {
  for (const renew of failed) renew();
  failed.clear();
}

export function lazyView<P extends object>(load: () => Promise<{ default: ComponentType<P> }>): ComponentType<P> {
  let current: LazyExoticComponent<ComponentType<P>>;
  const fresh = () =>
    lazy(async () => {
      try {
        return await load();
      } catch (err) {
        if (connection.get().answering) {
          failed.add(() => (current = fresh()));
          throw err;
        }
        await connection.back();
        return load();
      }
    });
  current = fresh();
  return function LazyView(props: P) {
    return createElement(current as ComponentType<P>, props);
  };
}
