// CodeMirror drawn in the app's colours: every colour is one of the app's CSS variables, so the
// editor follows whatever theme sets them (the OS, or a `data-theme` on <html>). CodeMirror's own
// light/dark flag (it picks the merge view's change colours) follows the same two signals.
import { HighlightStyle, syntaxHighlighting } from '@codemirror/language';
import { Compartment, type Extension } from '@codemirror/state';
import { EditorView, ViewPlugin } from '@codemirror/view';
import { tags as t } from '@lezer/highlight';

const look = EditorView.theme({
  '&': { color: 'var(--text)', backgroundColor: 'var(--surface)', fontSize: '14px' },
  '&.cm-focused': { outline: 'none' },
  '.cm-scroller': { fontFamily: 'var(--mono)', lineHeight: '1.6' },
  '.cm-content': { caretColor: 'var(--text)', padding: '12px 0' },
  '.cm-line': { padding: '0 14px' },
  '.cm-cursor, .cm-dropCursor': { borderLeftColor: 'var(--text)' },
  '.cm-selectionBackground, &.cm-focused > .cm-scroller > .cm-selectionLayer .cm-selectionBackground, .cm-content ::selection': {
    backgroundColor: 'var(--accent-soft)',
  },
  '.cm-activeLine': { backgroundColor: 'color-mix(in srgb, var(--surface-2) 70%, transparent)' },
  '.cm-gutters': { backgroundColor: 'var(--surface-2)', color: 'var(--muted)', borderRight: '1px solid var(--border)' },
  '.cm-merge-revert button': { color: 'var(--accent)', fontSize: '16px' },
  '.cm-collapsedLines': { color: 'var(--muted)', background: 'var(--surface-2)' },
});

const marks = HighlightStyle.define([
  { tag: t.heading, fontWeight: '700' },
  { tag: t.heading1, fontSize: '1.2em' },
  { tag: t.heading2, fontSize: '1.1em' },
  { tag: t.emphasis, fontStyle: 'italic' },
  { tag: t.strong, fontWeight: '700' },
  { tag: t.strikethrough, textDecoration: 'line-through' },
  { tag: [t.link, t.url], color: 'var(--accent)' },
  { tag: t.monospace, color: 'var(--lane-semantic)' },
  { tag: t.quote, color: 'var(--muted)', fontStyle: 'italic' },
  { tag: [t.processingInstruction, t.meta, t.contentSeparator, t.comment], color: 'var(--muted)' },
]);

/** Whether the app is drawn dark now: `data-theme` on <html> when set, else the OS. */
function isDark(): boolean {
  const chosen = document.documentElement.dataset.theme;
  if (chosen === 'dark' || chosen === 'light') return chosen === 'dark';
  return window.matchMedia('(prefers-color-scheme: dark)').matches;
}

const scheme = new Compartment();

/** Follows the OS and a theme toggle while the editor lives. */
const followScheme = ViewPlugin.define((view) => {
  const media = window.matchMedia('(prefers-color-scheme: dark)');
  const update = () => view.dispatch({ effects: scheme.reconfigure(EditorView.darkTheme.of(isDark())) });
  const observer = new MutationObserver(update);
  observer.observe(document.documentElement, { attributes: true, attributeFilter: ['data-theme'] });
  media.addEventListener('change', update);
  return {
    destroy() {
      observer.disconnect();
      media.removeEventListener('change', update);
    },
  };
});

export function editorTheme(): Extension {
  return [look, syntaxHighlighting(marks), scheme.of(EditorView.darkTheme.of(isDark())), followScheme];
}
