// An empty wiki: where to put pages so that it fills, instead of suggestions it cannot answer.
import { screenHref } from '../app/route.ts';
import { EmptyState } from '../components/EmptyState.tsx';

export function NoPages({ roots }: { roots: string[] }) {
  return (
    <EmptyState title="This wiki has no pages yet" icon="▤">
      <p>
        Write markdown files (<code>.md</code>) into {roots.length === 1 ? 'its folder' : 'one of its folders'}:{' '}
        {roots.map((r) => (
          <code key={r}>{r}</code>
        ))}
        . Cairn picks them up as they are saved, or press Re-index on <a href={screenHref('status')}>Index status</a>; agents write them through{' '}
        <code>cairn mcp</code> or the HTTP API.
      </p>
    </EmptyState>
  );
}
