// The contract's suite, on every store: every method through dispatch on one wiki, the same
// checks on SQLite and on PostgreSQL, and PostgreSQL's answers equal to SQLite's (scenario.ts).
import path from 'node:path';
import { SHIPPED_MODEL } from '../../config/settings.ts';
import { CONTRACT_WIKI, SECOND_ROOT } from './contract-wiki.ts';
import { knowledgeSteps } from './knowledge-steps.ts';
import { modelSteps } from './model-steps.ts';
import { readSteps } from './read-steps.ts';
import { contractSuite } from './scenario.ts';
import { writeSteps } from './write-steps.ts';

contractSuite(CONTRACT_WIKI, [...readSteps, ...writeSteps, ...knowledgeSteps, ...modelSteps], (fx) => ({
  model: SHIPPED_MODEL,
  roots: [fx.root, path.join(fx.dir, SECOND_ROOT)],
}));
