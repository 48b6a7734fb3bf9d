// The project compiles with TypeScript 7 (the native compiler), which has no JavaScript API;
// typescript-eslint's type-aware rules need one. package.json installs TypeScript 6 (the last
// release with that API, same language) under the alias `typescript6`, and this module, imported
// first by eslint.config.mjs, sends every `require('typescript')` (and its subpaths) of the linter's process there.
// typescript-eslint is CommonJS, so patching the CommonJS resolver is enough.
import Module, { createRequire } from 'node:module';
import path from 'node:path';

const require = createRequire(import.meta.url);
const typescript6 = require.resolve('typescript6');
const typescript6Root = path.dirname(require.resolve('typescript6/package.json'));
const resolve = Module._resolveFilename;

if (!resolve.cairnTypescript6) {
  const redirected = function (request, ...rest) {
    if (request === 'typescript') return typescript6;
    if (request.startsWith('typescript/')) return require.resolve(path.join(typescript6Root, request.slice('typescript/'.length)));
    return resolve.call(this, request, ...rest);
  };
  redirected.cairnTypescript6 = true;
  Module._resolveFilename = redirected;
}
