// SCAFFOLD: replaced by the PostgreSQL StaleRepo.
import type { StaleRepo } from '../staleness.ts';
import { notBuilt } from './not-built.ts';

export const PgStaleness = notBuilt<StaleRepo>('staleness');
export type PgStaleness = StaleRepo;
