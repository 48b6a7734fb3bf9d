// SCAFFOLD: replaced by the PostgreSQL PageRepo.
import type { PageRepo } from '../pages.ts';
import { notBuilt } from './not-built.ts';

export const PgPages = notBuilt<PageRepo>('pages');
export type PgPages = PageRepo;
