// Says, above every screen, that the server stopped answering: what that means for what is on
// screen and what to do. It goes by itself once the server answers again.
import { useConnection } from '../hooks/useConnection.ts';

export function ConnectionBanner() {
  const { answering } = useConnection();
  if (answering) return null;
  return (
    <div className="connection-banner" role="alert">
      <strong>Cairn’s server is not answering.</strong> What is on screen stays, but nothing new can be loaded or saved. If it was stopped, start it again (
      <code>cairn serve</code>, or reopen Cairn): this window reconnects by itself.
    </div>
  );
}
