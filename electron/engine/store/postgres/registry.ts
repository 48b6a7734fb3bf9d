// SCAFFOLD: replaced by the PostgreSQL RegistryRepo.
import type { RegistryRepo } from '../registry.ts';
import { notBuilt } from './not-built.ts';

export const PgRegistry = notBuilt<RegistryRepo>('registry');
export type PgRegistry = RegistryRepo;
