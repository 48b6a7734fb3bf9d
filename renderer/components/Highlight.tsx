// Marks the searched words in a snippet (renderer/search/marks.ts says which), without any HTML.
import { Fragment } from 'react';
import { markWords } from '../search/marks.ts';

export function Highlight({ text, words }: { text: string; words: string[] }) {
  return <>{markWords(text, words).map((p, i) => (p.marked ? <mark key={i}>{p.text}</mark> : <Fragment key={i}>{p.text}</Fragment>))}</>;
}
