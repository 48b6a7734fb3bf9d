// The tables as the one implementation of each repository reads and writes them: the names and
// columns both stores keep (SQLite: sqlite/migrations.ts and sqlite/history.ts; PostgreSQL:
// postgres/schema/). The core tables are in index-tables.ts; a repository's own beside it.
import type { AuditTables } from './audit.ts';
import type { ConceptTables } from './concepts.ts';
import type { IndexTables } from './index-tables.ts';
import type { OutcomeTables } from './outcomes.ts';
import type { RegistryTables } from './registry.ts';

export interface Tables extends IndexTables, ConceptTables, AuditTables, OutcomeTables, RegistryTables {}
