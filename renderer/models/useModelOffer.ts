// Whether to offer the recommended embedding model, once, on a first run: the index serves the
// adaptive model, no hub model is downloaded, no switch has started, and this person has not
// answered the offer before (kept in this browser's, or the desktop app's, local storage, so it is
// read while the app first draws and a person who answered is never asked again, nor the hub).
// The hub is asked whether it answers only when the rest holds.
import { useEffect, useState } from 'react';
import type { ModelChoice, ModelsResponse } from '../../shared/models.ts';
import { navigate, screenHref } from '../app/route.ts';
import { cairn } from '../api/client.ts';

const ANSWERED_KEY = 'cairn:first-run-model-offer';

export type ModelOffer =
  | { kind: 'none' }
  /** The hub answers: the model can be downloaded now. */
  | { kind: 'online'; choice: ModelChoice; starting: boolean; failed: string | null }
  /** It cannot be reached: why, in one line. */
  | { kind: 'offline'; choice: ModelChoice; reason: string };

const NONE: ModelOffer = { kind: 'none' };

function answeredBefore(): boolean {
  try {
    return localStorage.getItem(ANSWERED_KEY) !== null;
  } catch {
    // storage refused (a locked-down browser): asking on every start beats never asking
    return false;
  }
}

function remember(answer: 'accepted' | 'dismissed'): void {
  try {
    localStorage.setItem(ANSWERED_KEY, answer);
  } catch {
    // as above: the offer shows again next time
  }
}

const firstRun = (m: ModelsResponse) => m.setting === 'adaptive' && m.job === null && !m.choices.some((c) => c.downloaded);

/** What to offer: nothing unless this is a first run; then the model, and whether the hub answers. */
async function lookForOffer(): Promise<ModelOffer> {
  const models = await cairn.models({});
  if (!firstRun(models)) return NONE;
  const reach = await cairn.hubReach({});
  const choice = models.choices.find((c) => c.id === reach.model);
  if (!choice) return NONE;
  return reach.reachable
    ? { kind: 'online', choice, starting: false, failed: null }
    : { kind: 'offline', choice, reason: reach.reason ?? 'it did not say why' };
}

export function useModelOffer(): { offer: ModelOffer; accept(): void; dismiss(): void } {
  const [answered, setAnswered] = useState(answeredBefore);
  const [offer, setOffer] = useState<ModelOffer>(NONE);
  useEffect(() => {
    if (answered) return;
    let live = true;
    // an offer that cannot be worked out is not made: the Models screen still lists every model
    lookForOffer().then(
      (found) => live && setOffer(found),
      () => {},
    );
    return () => void (live = false);
  }, [answered]);

  const close = (answer: 'accepted' | 'dismissed') => {
    remember(answer);
    setAnswered(true);
    setOffer(NONE);
  };
  return {
    offer: answered ? NONE : offer,
    accept() {
      if (offer.kind !== 'online' || offer.starting) return;
      setOffer({ ...offer, starting: true, failed: null });
      cairn.useModel({ model: `hub:${offer.choice.id}` }).then(
        () => {
          close('accepted');
          // the Models screen follows the switch it started
          navigate(screenHref('models'));
        },
        (err: Error) => setOffer({ ...offer, starting: false, failed: err.message }),
      );
    },
    dismiss: () => close('dismissed'),
  };
}
