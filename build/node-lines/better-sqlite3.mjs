// better-sqlite3 as the tests see it under `npm run test:node-lines` (vitest.config.ts puts this
// file in the package's place there): every connection, the engine's or a test's own, opens with
// the build for that Node line (CAIRN_SQLITE_BINDING), so a test that opens one with the package's
// defaults does not load the build made for npm's Node.
import { createRequire } from 'node:module';

const Database = createRequire(import.meta.url)('better-sqlite3');

export default function OnLine(file, options = {}) {
  return new Database(file, { nativeBinding: process.env.CAIRN_SQLITE_BINDING, ...options });
}
Object.setPrototypeOf(OnLine, Database);
OnLine.prototype = Database.prototype;
