// SCAFFOLD: replaced by the PostgreSQL AuditRepo.
import type { AuditRepo } from '../audit.ts';
import { notBuilt } from './not-built.ts';

export const PgAudit = notBuilt<AuditRepo>('audit');
export type PgAudit = AuditRepo;
