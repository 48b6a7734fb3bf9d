#!/usr/bin/env node
// The `cairn` command. The engine is TypeScript run through tsx, so `npx cairn` works
// straight after `npm install` with no build step.
import { register } from 'tsx/esm/api';

register();
await import('./cli.ts');
