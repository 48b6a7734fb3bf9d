// The first-run offer of the recommended embedding model, above every screen until it is answered
// (useModelOffer.ts): where the hub answers, download it and switch, or not now; where it cannot be
// reached, one line saying why and how to use a model folder instead. Either answer is final.
import { useModelOffer } from './useModelOffer.ts';

/** The name a person knows a hub model by: bge-small-en-v1.5 for Xenova/bge-small-en-v1.5. */
const shortName = (id: string) => id.slice(id.indexOf('/') + 1);

export function ModelOffer() {
  const { offer, accept, dismiss } = useModelOffer();
  if (offer.kind === 'none') return null;
  const name = <strong>{shortName(offer.choice.id)}</strong>;
  if (offer.kind === 'offline')
    return (
      <section className="model-offer" aria-label="Recommended embedding model" data-reach="offline">
        <p>
          Search would answer better with {name}, but {offer.reason}. To use a model folder instead, run <code>cairn models use DIR</code> (docs/search.md,
          Models).
        </p>
        <button type="button" className="button small ghost" onClick={dismiss}>
          Dismiss
        </button>
      </section>
    );
  return (
    <section className="model-offer" aria-label="Recommended embedding model" data-reach="online">
      <p>
        Search would answer better with {name}: {offer.choice.megabytes} MB to download, {offer.choice.published}.
      </p>
      <div className="model-offer-actions">
        <button type="button" className="button small primary" disabled={offer.starting} onClick={accept}>
          Download and switch
        </button>
        <button type="button" className="button small ghost" onClick={dismiss}>
          Not now
        </button>
      </div>
      {offer.failed && (
        <p className="model-offer-failed" role="alert">
          The switch could not start: {offer.failed}
        </p>
      )}
    </section>
  );
}
