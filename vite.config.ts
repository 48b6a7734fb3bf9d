// Builds the renderer (renderer/ → dist/renderer). `base: './'` so one build loads both from
// `cairn serve` over HTTP and from file:// in the Electron window. `vite dev` proxies /api to a
// running `cairn serve` (CAIRN_API=http://127.0.0.1:4317, the default port).
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const here = (p: string) => fileURLToPath(new URL(p, import.meta.url));

export default defineConfig({
  root: here('./renderer'),
  base: './',
  plugins: [react()],
  // One KaTeX: the markdown plugin require()s its CommonJS build and Mermaid imports its ES build,
  // which would otherwise ship (and load, on a page with math and a diagram) twice.
  resolve: { alias: [{ find: /^katex$/, replacement: here('./node_modules/katex/dist/katex.mjs') }] },
  // the graph layout worker imports d3-force: an ES module worker, emitted as its own file ('self' in the CSP)
  worker: { format: 'es' },
  build: {
    outDir: here('./dist/renderer'),
    emptyOutDir: true,
    sourcemap: true,
    // No inline scripts or data: modules: the CSP forbids them.
    assetsInlineLimit: 0,
    modulePreload: { polyfill: false },
    chunkSizeWarningLimit: 1000,
  },
  server: {
    proxy: { '/api': { target: process.env.CAIRN_API ?? 'http://127.0.0.1:4317', changeOrigin: false } },
  },
});
