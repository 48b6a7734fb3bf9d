// When the page changed while it was being edited: theirs (the file as it is now) beside yours
// (what Save writes), the differences marked. ⇝ copies their text of a difference into yours; yours
// is edited freely. Nothing is written until the person saves, and then over their version.
import { useEffect, useRef } from 'react';
import { MergeView } from '@codemirror/merge';
import { EditorView } from '@codemirror/view';
import { markdownEditing, markdownReading } from './markdown-editing.ts';

function takeTheirs(): HTMLElement {
  const button = document.createElement('button');
  button.type = 'button';
  button.textContent = '⇝';
  button.title = button.ariaLabel = 'Use their text here';
  return button;
}

interface Props {
  theirs: string;
  mine: string;
  onText: (text: string) => void;
  /** a frontmatter field both sides changed: the form marks it */
  fieldsClash: boolean;
}

export function MergePanel({ theirs, mine, onText, fieldsClash }: Props) {
  const parent = useRef<HTMLDivElement>(null);
  const listener = useRef(onText);
  listener.current = onText;
  useEffect(() => {
    const merge = new MergeView({
      a: { doc: theirs, extensions: [markdownReading('Their text'), EditorView.editorAttributes.of({ role: 'group', 'aria-label': 'Theirs' })] },
      b: {
        doc: mine,
        extensions: [markdownEditing('Your text', (t) => listener.current(t)), EditorView.editorAttributes.of({ role: 'group', 'aria-label': 'Yours' })],
      },
      parent: parent.current!,
      revertControls: 'a-to-b',
      renderRevertControl: takeTheirs,
      collapseUnchanged: { margin: 3, minSize: 6 },
    });
    merge.b.focus();
    return () => merge.destroy();
    // mounted once per conflict (the parent keys it by their version): yours is the editor's own from then on
  }, []);
  return (
    <section className="merge-panel" aria-label="Merge">
      <p className="note" role="status">
        The page changed since you opened it, so nothing was written. Left: the file as it is now. Right: yours, which Save writes over it. ⇝ copies their text
        of a difference into yours; edit yours until it says what the page should say.
        {fieldsClash && ' You both changed a frontmatter field: it is marked in the fields, theirs beside it; Save writes yours unless you take theirs.'}
      </p>
      <div className="merge-heads">
        <h3>Theirs: the file now</h3>
        <h3>Yours: what Save writes</h3>
      </div>
      <div ref={parent} className="merge-view" />
    </section>
  );
}
