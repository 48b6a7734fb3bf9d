// The first-run offer of a model as the specs see it: the key the app keeps a person's answer under
// (renderer/models/useModelOffer.ts), and a browser state in which the shared server's offer was
// answered, so the specs of the demo wiki, and the screenshots the README shows, see their screens
// without it. Specs of the offer run servers of their own, on other origins.
export const OFFER_ANSWERED_KEY = 'cairn:first-run-model-offer';

export function offerAnswered(url: string): { cookies: []; origins: { origin: string; localStorage: { name: string; value: string }[] }[] } {
  return { cookies: [], origins: [{ origin: new URL(url).origin, localStorage: [{ name: OFFER_ANSWERED_KEY, value: 'dismissed' }] }] };
}
