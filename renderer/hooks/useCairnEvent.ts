// Subscribes a screen to an engine event (indexing progress, pages changed) for its lifetime.
import { useEffect, useRef } from 'react';
import type { CairnEvents, EventName } from '../../shared/bridge.ts';
import { cairn } from '../api/client.ts';

export function useCairnEvent<E extends EventName>(event: E, listener: (payload: CairnEvents[E]) => void): void {
  const current = useRef(listener);
  current.current = listener;
  useEffect(() => cairn.on(event, (payload) => current.current(payload)), [event]);
}
