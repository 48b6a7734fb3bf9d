// SCAFFOLD: replaced by the PostgreSQL AttachmentRepo.
import type { AttachmentRepo } from '../attachments.ts';
import { notBuilt } from './not-built.ts';

export const PgAttachments = notBuilt<AttachmentRepo>('attachments');
export type PgAttachments = AttachmentRepo;
