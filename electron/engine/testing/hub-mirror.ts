// A Hugging Face hub mirror on loopback, for tests of the real download path: it serves model
// folders as the hub does (the tree listing with git and SHA-256 hashes, `resolve/main/<file>`
// with Range requests), and can cut a transfer halfway or serve a file other than the one listed.
// The models are tiny ones the tests make (testing/tiny-model.ts), never downloaded.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';

export interface MirrorRequest {
  file: string;
  range: string | null;
}

export interface HubMirror {
  endpoint: string;
  /** Every file request, in order. */
  requests: MirrorRequest[];
  /** Files whose next transfer stops halfway: half the bytes, then, once the promise settles (the
   * test saw them arrive), the connection closed. */
  cutOnce: Map<string, Promise<unknown>>;
  /** Files served with a byte changed (same size), so they fail their hash. */
  corrupt: Set<string>;
  close(): Promise<void>;
}

/** Files the hub stores in LFS (listed with a SHA-256); the rest are listed by git hash only. */
const isLarge = (file: string) => file.endsWith('.onnx');

/** Serves `models` (hub id → folder) on 127.0.0.1. */
export async function startHubMirror(models: Record<string, string>): Promise<HubMirror> {
  const mirror: Omit<HubMirror, 'endpoint' | 'close'> = { requests: [], cutOnce: new Map(), corrupt: new Set() };
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://mirror');
    const tree = /^\/api\/models\/([^/]+\/[^/]+)\/tree\/main$/.exec(url.pathname);
    if (tree && models[tree[1]!]) return json(res, listing(models[tree[1]!]!));
    const file = /^\/([^/]+\/[^/]+)\/resolve\/main\/(.+)$/.exec(url.pathname);
    const dir = file && models[file[1]!];
    if (!file || !dir || !fs.existsSync(path.join(dir, file[2]!))) return void res.writeHead(404).end('not found');
    const name = file[2]!;
    mirror.requests.push({ file: name, range: req.headers.range ?? null });
    const cut = mirror.cutOnce.get(name);
    mirror.cutOnce.delete(name);
    serveFile(res, bytesOf(path.join(dir, name), mirror.corrupt.has(name)), req.headers.range, cut);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    ...mirror,
    endpoint: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function json(res: http.ServerResponse, value: unknown): void {
  res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(value));
}

/** The hub's tree listing of a folder: every file, its size, git blob hash, and SHA-256 for large ones. */
function listing(dir: string): unknown[] {
  return (fs.readdirSync(dir, { recursive: true }) as string[])
    .filter((rel) => fs.statSync(path.join(dir, rel)).isFile())
    .map((rel) => {
      const bytes = fs.readFileSync(path.join(dir, rel));
      const oid = createHash('sha1').update(`blob ${bytes.length}\0`).update(bytes).digest('hex');
      const lfs = isLarge(rel) ? { lfs: { oid: createHash('sha256').update(bytes).digest('hex'), size: bytes.length, pointerSize: 134 } } : {};
      return { type: 'file', path: rel.split(path.sep).join('/'), size: bytes.length, oid, ...lfs };
    });
}

function bytesOf(file: string, corrupt: boolean): Buffer {
  const bytes = fs.readFileSync(file);
  const middle = bytes.length >> 1;
  if (corrupt) bytes.writeUInt8(bytes.readUInt8(middle) ^ 0xff, middle);
  return bytes;
}

/** The file, or the part a Range asks for; with `cut`, half of it, and the connection closed once `cut` settles. */
function serveFile(res: http.ServerResponse, bytes: Buffer, range: string | undefined, cut: Promise<unknown> | undefined): void {
  const from = Number(/^bytes=(\d+)-$/.exec(range ?? '')?.[1] ?? 0);
  if (from >= bytes.length && from > 0) return void res.writeHead(416).end();
  const body = bytes.subarray(from);
  res.writeHead(from ? 206 : 200, {
    'content-length': body.length,
    ...(from ? { 'content-range': `bytes ${from}-${bytes.length - 1}/${bytes.length}` } : {}),
  });
  if (!cut) return void res.end(body);
  // closed only once the client has the half: a stream that errors drops what it holds unread, and
  // then the transfer would not have broken halfway but at the start
  res.write(body.subarray(0, body.length >> 1), () => void cut.finally(() => res.socket?.end()));
}
