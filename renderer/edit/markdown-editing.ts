// What every editable text in the editor shares: markdown mode, undo history, wrapped lines, the
// app's theme, and a name for screen readers. Tab is left to move focus, as in every other field.
import { defaultKeymap, history, historyKeymap } from '@codemirror/commands';
import { markdown } from '@codemirror/lang-markdown';
import { EditorState, type Extension } from '@codemirror/state';
import { drawSelection, EditorView, highlightActiveLine, keymap } from '@codemirror/view';
import { editorTheme } from './editor-theme.ts';

export function markdownEditing(label: string, onText?: (text: string) => void): Extension {
  return [
    history(),
    drawSelection(),
    highlightActiveLine(),
    keymap.of([...defaultKeymap, ...historyKeymap]),
    markdown(),
    EditorView.lineWrapping,
    EditorView.contentAttributes.of({ 'aria-label': label }),
    editorTheme(),
    onText ? EditorView.updateListener.of((u) => u.docChanged && onText(u.state.doc.toString())) : [],
  ];
}

/** A text shown beside the one edited, to read and copy from. */
export function markdownReading(label: string): Extension {
  return [
    markdown(),
    EditorView.lineWrapping,
    EditorView.editable.of(false),
    EditorState.readOnly.of(true),
    EditorView.contentAttributes.of({ 'aria-label': label }),
    editorTheme(),
  ];
}
