// A page opened for editing: its body in CodeMirror beside its frontmatter fields. Ctrl/Cmd-S saves
// through the write path with the version the editor opened as the base; Escape or Cancel leaves,
// asking first when something is unsaved. When the page changed meanwhile, the merge view takes
// the body's place until the person saves over theirs, and a field both sides changed shows theirs
// beside it (field-clashes.ts). Until saved, the text lives in the editor
// and in the tab's sessionStorage (draft.ts). Loaded apart, so reading a page never pays for CodeMirror.
import { useEffect, useRef, useState } from 'react';
import type { Page } from '../../shared/page.ts';
import { useConfirmation } from '../components/ConfirmDialog.tsx';
import { BodyEditor } from './BodyEditor.tsx';
import { dropDraft, keepDraft, loadDraft, type EditBase } from './draft.ts';
import { fieldChanges, isChanged, rowsOf, type FieldRow } from './field-changes.ts';
import { FrontmatterFields } from './FrontmatterFields.tsx';
import { MergePanel } from './MergePanel.tsx';
import { fieldClashes } from './field-clashes.ts';
import { saveEdit, type Refusal, type Theirs } from './save-edit.ts';
import '../styles/editor.css';

/** How long after the last change the draft is kept in sessionStorage. */
const DRAFT_DELAY_MS = 300;

interface Props {
  page: Page;
  /** the write landed: show the page as it is now */
  onSaved: () => void;
  onClose: () => void;
}

export default function PageEditor({ page, onSaved, onClose }: Props) {
  const [restored] = useState(() => loadDraft(page));
  // the version this edit started from; a draft keeps its own, so a save after a reload still meets what changed since
  const [opened] = useState<EditBase>(() => restored?.base ?? { hash: page.hash, body: page.body });
  const [text, setText] = useState(() => restored?.text ?? page.body);
  const [rows, setRows] = useState<FieldRow[]>(() => restored?.fields ?? rowsOf(page.frontmatter));
  /** theirs, while merging: the version the next save goes over */
  const [theirs, setTheirs] = useState<Theirs | null>(null);
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  /** saved, with something to say before the page is shown */
  const [afterward, setAfterward] = useState<string | null>(null);
  const confirmation = useConfirmation();
  // the text as typed, for a save pressed before React drew the last keystroke
  const latest = useRef(text);
  const onText = (t: string) => {
    latest.current = t;
    setText(t);
  };

  const clashes = theirs?.fields ? fieldClashes(rows, theirs.fields) : new Map<number, string | null>();
  const dirty = theirs !== null || text !== opened.body || rows.some(isChanged);
  // kept a moment after typing stops, not on every key (a page may be megabytes), and at once when the tab reloads or closes
  const keep = useRef(() => {});
  /** saved or given up: no draft may be kept after it */
  const finished = useRef(false);
  keep.current = () => {
    if (finished.current) return;
    if (dirty) keepDraft(page, { base: opened, text, fields: rows });
    else dropDraft(page);
  };
  const finish = (then: () => void) => {
    finished.current = true;
    dropDraft(page);
    then();
  };
  useEffect(() => {
    const later = setTimeout(() => keep.current(), DRAFT_DELAY_MS);
    return () => clearTimeout(later);
  }, [dirty, text, rows]);
  useEffect(() => {
    const now = () => keep.current();
    window.addEventListener('pagehide', now);
    return () => window.removeEventListener('pagehide', now);
  }, []);

  // a ref, not the state: two quick Ctrl-S come before React draws `saving`
  const inFlight = useRef(false);
  const save = async () => {
    if (inFlight.current || finished.current) return;
    const { changes, errors } = fieldChanges(rows);
    setFieldErrors(errors);
    if (Object.keys(errors).length) {
      setRefusal({
        message: `Not saved: ${Object.entries(errors)
          .map(([field, why]) => `${field || 'a new field'}: ${why}`)
          .join('; ')}`,
        field: null,
      });
      return;
    }
    inFlight.current = true;
    setSaving(true);
    const outcome = await saveEdit(page, theirs ?? opened, latest.current, changes);
    inFlight.current = false;
    setSaving(false);
    if (outcome.kind === 'conflict') {
      setRefusal(null);
      setTheirs(outcome.theirs);
    } else if (outcome.kind === 'refused') {
      setRefusal(outcome.refusal);
      if (outcome.refusal.field) setFieldErrors({ [outcome.refusal.field]: 'refused: see the message above' });
    } else if (outcome.kind === 'saved' && outcome.afterward) {
      finish(() => setAfterward(outcome.afterward));
    } else {
      finish(outcome.kind === 'saved' ? onSaved : onClose);
    }
  };
  const cancel = () => {
    if (!dirty) {
      finish(onClose);
      return;
    }
    confirmation.ask({
      title: 'Leave without saving?',
      body: <p>Your changes to {page.path} are not written, and leaving drops them.</p>,
      confirm: 'Discard changes',
      run: () => finish(onClose),
    });
  };

  const keys = useRef({ save, cancel, asking: confirmation.open });
  keys.current = { save, cancel, asking: confirmation.open };
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (keys.current.asking || finished.current) return;
      if ((e.ctrlKey || e.metaKey) && !e.altKey && e.key.toLowerCase() === 's') {
        e.preventDefault();
        void keys.current.save();
      } else if (e.key === 'Escape' && !e.defaultPrevented) {
        e.preventDefault();
        keys.current.cancel();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  if (afterward)
    return (
      <section className="page-editor" aria-label="Editor">
        <p className="note" role="status">
          Saved. {afterward}
        </p>
        <button type="button" className="button primary" onClick={onSaved}>
          Show the page
        </button>
      </section>
    );
  return (
    <section className="page-editor" aria-label="Editor" aria-busy={saving}>
      <div className="editor-bar">
        <button type="button" className="button primary" onClick={() => void save()} disabled={saving}>
          Save <kbd>Ctrl-S</kbd>
        </button>
        <button type="button" className="button ghost" onClick={cancel}>
          Cancel <kbd>Esc</kbd>
        </button>
        <span className="muted small" role="status">
          {saving ? 'Saving…' : theirs ? 'Merging with the file as it is now' : dirty ? 'Unsaved changes' : 'No changes'}
        </span>
      </div>
      {restored && !theirs && <p className="note">Your unsaved changes from earlier in this tab are back. Save writes them; Cancel drops them.</p>}
      {refusal && (
        <p className="warning" role="alert">
          {refusal.message}
        </p>
      )}
      <div className="editor-layout">
        <div className="editor-main">
          {theirs ? (
            <MergePanel key={theirs.hash} theirs={theirs.body} mine={text} onText={onText} fieldsClash={clashes.size > 0} />
          ) : (
            <BodyEditor initial={text} onText={onText} />
          )}
        </div>
        <FrontmatterFields rows={rows} onChange={setRows} errors={fieldErrors} broken={page.frontmatterError} clashes={clashes} />
      </div>
      {confirmation.dialog}
    </section>
  );
}
