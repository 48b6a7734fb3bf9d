// Whether the server answers, for the banner and for the loads that refresh when it is back.
import { useSyncExternalStore } from 'react';
import { connection, type Connection } from '../api/connection.ts';

export function useConnection(): Connection {
  return useSyncExternalStore(connection.subscribe, connection.get);
}
