// SCAFFOLD: replaced by the PostgreSQL RunRepo.
import type { RunRepo } from '../runs.ts';
import { notBuilt } from './not-built.ts';

export const PgRuns = notBuilt<RunRepo>('runs');
export type PgRuns = RunRepo;
