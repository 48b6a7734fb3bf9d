// SCAFFOLD: replaced by the PostgreSQL OutcomeRepo.
import type { OutcomeRepo } from '../outcomes.ts';
import { notBuilt } from './not-built.ts';

export const PgOutcomes = notBuilt<OutcomeRepo>('outcomes');
export type PgOutcomes = OutcomeRepo;
