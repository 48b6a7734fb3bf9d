// SCAFFOLD: replaced by the PostgreSQL ConceptRepo.
import type { ConceptRepo } from '../concepts.ts';
import { notBuilt } from './not-built.ts';

export const PgConcepts = notBuilt<ConceptRepo>('concepts');
export type PgConcepts = ConceptRepo;
