// SCAFFOLD: replaced by the PostgreSQL ChunkRepo.
import type { ChunkRepo } from '../chunks.ts';
import { notBuilt } from './not-built.ts';

export const PgChunks = notBuilt<ChunkRepo>('chunks');
export type PgChunks = ChunkRepo;
