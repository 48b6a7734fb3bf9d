// The pages a concept connects: those that name it (tag, key, title, alias) or mention it. Recall
// and the graph lane step from a page to these; a concept on many pages is not followed.

/** A concept shared by more pages than this says little about any two of them: its pages are not followed. */
export const CONCEPT_FANOUT = 30;
