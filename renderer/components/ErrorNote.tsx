export function ErrorNote({ message, onRetry }: { message: string; onRetry?: () => void }) {
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
