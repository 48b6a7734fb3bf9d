// A load or an action that failed, with a retry. While the server is not answering, the banner
// above the screen says why and what to do, so the note only says it waits (it reloads by itself).
import { useConnection } from '../hooks/useConnection.ts';

export function ErrorNote({ message, onRetry }: { message: string; onRetry?: () => void }) {
  const { answering } = useConnection();
  if (!answering) {
    return (
      <p className="muted waiting-note" role="status">
        Waiting for the server to show this.
      </p>
    );
  }
  return (
    <div className="error-note" role="alert">
      <strong>Something went wrong.</strong> {message}
      {onRetry && (
        <button type="button" className="button small" onClick={onRetry}>
          Try again
        </button>
      )}
    </div>
  );
}
