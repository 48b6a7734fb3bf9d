#!/usr/bin/env node
// Runs `cairn` with the arguments given, as `npx cairn` would, and on exit writes one line to
// stderr with its peak memory: `cairn-bench-rss <bytes>` (what npm run bench reads).
import { fileURLToPath } from 'node:url';

process.on('exit', () => process.stderr.write(`cairn-bench-rss ${process.resourceUsage().maxRSS * 1024}\n`));
process.argv[1] = fileURLToPath(new URL('../../electron/cairn.mjs', import.meta.url));
await import('../../electron/cairn.mjs');
