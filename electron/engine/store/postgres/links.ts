// SCAFFOLD: replaced by the PostgreSQL LinkRepo.
import type { LinkRepo } from '../links.ts';
import { notBuilt } from './not-built.ts';

export const PgLinks = notBuilt<LinkRepo>('links');
export type PgLinks = LinkRepo;
