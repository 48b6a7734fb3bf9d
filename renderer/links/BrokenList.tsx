// Every missing page as a group, in a virtualized list: only the groups on screen are in the
// document, so 13,000 of them open as fast as ten; their suggestions are asked for as they come
// into view.
import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useRef, useState } from 'react';
import type { TargetContext, TargetSuggestion } from '../../shared/fixes.ts';
import { cairn } from '../api/client.ts';
import type { BrokenGroup } from './broken-groups.ts';
import { BrokenTarget } from './BrokenTarget.tsx';
import type { FixFlow } from './fix-flow.ts';

/** The engine suggests for at most this many targets per request. */
const SUGGEST_LIMIT = 200;

/** Where the group's links are, and what their pages are called: what ranks suggestions near them first. */
function contextOf(g: BrokenGroup): TargetContext {
  const from = [...new Set(g.findings.map((f) => f.source))].slice(0, 50);
  return { target: g.target, from, words: [...new Set(g.findings.map((f) => f.sourceKey))].join(' ').slice(0, 2000) };
}

/** Suggestions for the groups in view, asked for once each. */
function useSuggestions(visible: BrokenGroup[]): Map<string, TargetSuggestion[]> {
  const [known, setKnown] = useState(() => new Map<string, TargetSuggestion[]>());
  const asked = useRef(new Set<string>());
  const wanted = visible.filter((g) => !asked.current.has(g.target)).slice(0, SUGGEST_LIMIT);
  const key = wanted.map((g) => g.target).join('\0');
  useEffect(() => {
    if (!wanted.length) return;
    for (const g of wanted) asked.current.add(g.target);
    cairn.suggestTargets({ targets: wanted.map((g) => g.target), context: wanted.map(contextOf) }).then(
      (r) =>
        setKnown((m) => {
          const next = new Map(m);
          for (const s of r.suggestions) next.set(s.target, s.pages);
          return next;
        }),
      // asked again when it comes into view next
      () => wanted.forEach((g) => asked.current.delete(g.target)),
    );
  }, [key]); // `key` names `wanted`
  return known;
}

export function BrokenList({ groups, flow }: { groups: BrokenGroup[]; flow: FixFlow }) {
  const scroller = useRef<HTMLDivElement>(null);
  const list = useVirtualizer({
    count: groups.length,
    getScrollElement: () => scroller.current,
    estimateSize: (i) => 110 + 40 * Math.min(groups[i]!.findings.length, 50),
    getItemKey: (i) => groups[i]!.id,
    overscan: 4,
  });
  const items = list.getVirtualItems();
  const suggestions = useSuggestions(items.map((v) => groups[v.index]!));
  return (
    <div ref={scroller} className="broken-list" aria-label="Missing pages">
      <div className="broken-list-inner" style={{ height: list.getTotalSize() }}>
        {items.map((v) => {
          const group = groups[v.index]!;
          return (
            <div key={v.key} data-index={v.index} ref={list.measureElement} className="broken-list-row" style={{ transform: `translateY(${v.start}px)` }}>
              <BrokenTarget group={group} suggestions={suggestions.get(group.target) ?? []} flow={flow} />
            </div>
          );
        })}
      </div>
    </div>
  );
}
