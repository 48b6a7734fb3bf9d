// Asking before a change people cannot take back by accident (an undo, a decision): a modal
// <dialog>, so focus stays in it and the screen behind is inert; Enter confirms, Escape cancels.
import { useEffect, useRef, useState, type ReactNode } from 'react';

export interface Confirmation {
  title: string;
  body: ReactNode;
  /** The confirm button's words: the act itself ("Undo", "Approve"), never "OK". */
  confirm: string;
  run: () => void;
}

/** `ask` opens the dialog; `dialog` is rendered where the screen wants it (it shows as a modal). */
export function useConfirmation(): { ask: (c: Confirmation) => void; dialog: ReactNode; open: boolean } {
  const [pending, setPending] = useState<Confirmation | null>(null);
  const dialog = pending && (
    <ConfirmDialog
      confirmation={pending}
      onClose={(confirmed) => {
        setPending(null);
        if (confirmed) pending.run();
      }}
    />
  );
  return { ask: setPending, dialog, open: pending !== null };
}

function ConfirmDialog({ confirmation, onClose }: { confirmation: Confirmation; onClose: (confirmed: boolean) => void }) {
  const ref = useRef<HTMLDialogElement>(null);
  const confirmButton = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    dialog.showModal();
    confirmButton.current?.focus();
    return () => dialog.close();
  }, []);
  return (
    <dialog
      ref={ref}
      className="panel confirm-dialog"
      aria-labelledby="confirm-title"
      aria-describedby="confirm-body"
      // Escape: the browser closes a modal dialog with a cancel event; the state closes it here
      onCancel={(e) => {
        e.preventDefault();
        onClose(false);
      }}
      onKeyDown={(e) => {
        // Enter confirms wherever focus is, except on the Cancel button, which Enter presses
        if (e.key !== 'Enter' || (e.target as HTMLElement).closest('button')) return;
        e.preventDefault();
        onClose(true);
      }}
    >
      <h2 id="confirm-title">{confirmation.title}</h2>
      <div id="confirm-body">{confirmation.body}</div>
      <div className="actions">
        <button ref={confirmButton} type="button" className="button primary" onClick={() => onClose(true)}>
          {confirmation.confirm}
        </button>
        <button type="button" className="button ghost" onClick={() => onClose(false)}>
          Cancel <kbd>Esc</kbd>
        </button>
      </div>
    </dialog>
  );
}
