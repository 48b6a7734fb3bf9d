// Whether Cairn's server answers, as the calls and the event stream see it: a call that gets no
// answer or an event stream that drops marks it lost; any answer, or the stream opening again,
// marks it back. Each return from a loss counts one recovery, on which screens reload what they
// show (events sent while it was away were missed).

export interface Connection {
  /** false from the first unanswered call or dropped stream until something answers again */
  answering: boolean;
  /** how many times the server came back after a loss */
  recoveries: number;
}

let current: Connection = { answering: true, recoveries: 0 };
const listeners = new Set<() => void>();

function set(next: Connection): void {
  current = next;
  for (const l of listeners) l();
}

export const connection = {
  get: (): Connection => current,
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => void listeners.delete(listener);
  },
  lost(): void {
    if (current.answering) set({ ...current, answering: false });
  },
  answered(): void {
    if (!current.answering) set({ answering: true, recoveries: current.recoveries + 1 });
  },
  /** Resolves the next time the server answers after a loss (at once while it answers). */
  back(): Promise<void> {
    if (current.answering) return Promise.resolve();
    return new Promise((resolve) => {
      const stop = connection.subscribe(() => {
        if (!current.answering) return;
        stop();
        resolve();
      });
    });
  },
};
