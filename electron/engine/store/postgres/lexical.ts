// SCAFFOLD: replaced by the PostgreSQL LexicalRepo.
import type { LexicalRepo } from '../lexical.ts';
import { notBuilt } from './not-built.ts';

export const PgLexical = notBuilt<LexicalRepo>('lexical');
export type PgLexical = LexicalRepo;
