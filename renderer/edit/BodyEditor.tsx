// The page's body in CodeMirror, focused when it opens. It owns its text once mounted: the parent
// hears every change and keys the component anew to start from another text.
import { useEffect, useRef } from 'react';
import { EditorView } from '@codemirror/view';
import { markdownEditing } from './markdown-editing.ts';

export function BodyEditor({ initial, onText }: { initial: string; onText: (text: string) => void }) {
  const parent = useRef<HTMLDivElement>(null);
  const listener = useRef(onText);
  listener.current = onText;
  useEffect(() => {
    const view = new EditorView({ doc: initial, parent: parent.current!, extensions: markdownEditing('Page body', (t) => listener.current(t)) });
    view.focus();
    return () => view.destroy();
    // mounted once: the text is the editor's own from then on
  }, []);
  return <div ref={parent} className="body-editor" />;
}
