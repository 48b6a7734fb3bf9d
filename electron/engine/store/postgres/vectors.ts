// SCAFFOLD: replaced by the PostgreSQL VectorRepo.
import type { VectorRepo } from '../vectors.ts';
import { notBuilt } from './not-built.ts';

export const PgVectors = notBuilt<VectorRepo>('vectors');
export type PgVectors = VectorRepo;
