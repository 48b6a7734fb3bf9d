// Fetches a model's files from the Hugging Face hub, or a mirror of it (`HF_ENDPOINT`, as the
// hub's own clients read it), into a plain model folder: each file checked against the hash the
// hub lists for it, a cut transfer resumed where it stopped, progress in bytes over all files,
// and the folder put in place only once every file checked out, so a failed download leaves the
// model that was there before as it was.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';

export const HUB_ENDPOINT = 'https://huggingface.co';

/** The hub or mirror to download from: `endpoint` when given, else `HF_ENDPOINT`, else the hub; no trailing slash. */
export const hubEndpoint = (endpoint?: string): string => (endpoint ?? process.env.HF_ENDPOINT ?? HUB_ENDPOINT).replace(/\/+$/, '');

/** The files a feature-extraction model needs, by where the hub keeps them; the rest of a repository is not fetched. */
const REQUIRED = ['config.json', 'tokenizer.json', 'tokenizer_config.json'];
const OPTIONAL = ['special_tokens_map.json'];
const ONNX: Record<string, string> = { fp32: 'onnx/model.onnx', q8: 'onnx/model_quantized.onnx', fp16: 'onnx/model_fp16.onnx' };

/** How often one file is asked for again after its transfer broke off, resuming each time. */
const ATTEMPTS = 4;

export interface HubProgress {
  file: string;
  /** Bytes on disk over all the files to fetch, and their total. */
  loaded: number;
  total: number;
  /** 0–100 over all files. */
  progress: number;
}

export interface HubDownload {
  /** `owner/name` on the hub. */
  id: string;
  /** Where models are kept: the model lands in `<cacheDir>/<id>`. */
  cacheDir: string;
  dtype?: string;
  /** The hub or a mirror; `HF_ENDPOINT`, else the hub, when not given. */
  endpoint?: string;
  onProgress?: (p: HubProgress) => void;
  /** Writes what else the folder holds (Cairn's model card) into it while it is still being staged. */
  beforeInstall?: (staged: string) => void;
}

/** A file as the hub's tree listing gives it: `oid` is its git blob hash, `lfs.oid` the SHA-256 of a large file. */
interface HubFile {
  path: string;
  size: number;
  oid: string;
  lfs?: { oid: string; size: number };
}

/** owner/name, each starting with a letter or digit: no `.` or `..` for a folder name. */
const MODEL_ID = /^[A-Za-z0-9][\w.-]*\/[A-Za-z0-9][\w.-]*$/;

/** Downloads the model and returns its folder; what was in that folder before stays until every file checked out. */
export async function downloadFromHub(req: HubDownload): Promise<string> {
  if (!MODEL_ID.test(req.id) || req.id.includes('..') || req.id.endsWith('.previous')) throw new Error(`"${req.id}" is not a hub model id (owner/name)`);
  const endpoint = hubEndpoint(req.endpoint);
  const files = await listFiles(endpoint, req.id, req.dtype ?? 'fp32');
  const staging = path.join(req.cacheDir, '.incoming', req.id);
  const total = files.reduce((sum, f) => sum + f.size, 0);
  const onDisk = new Map(files.map((f) => [f.path, partSize(staging, f)]));
  const report = (file: string) => {
    const loaded = [...onDisk.values()].reduce((a, b) => a + b, 0);
    req.onProgress?.({ file, loaded, total, progress: total ? (100 * loaded) / total : 100 });
  };
  for (const f of files) {
    await fetchChecked(`${endpoint}/${req.id}/resolve/main/${f.path}`, f, staging, (bytes) => {
      onDisk.set(f.path, bytes);
      report(f.path);
    });
  }
  req.beforeInstall?.(staging);
  return install(staging, path.join(req.cacheDir, req.id), files);
}

/** The files to fetch, with their sizes and hashes, from the hub's listing of the repository. */
async function listFiles(endpoint: string, id: string, dtype: string): Promise<HubFile[]> {
  const onnx = ONNX[dtype];
  if (!onnx) throw new Error(`no ONNX file is known for dtype "${dtype}" (known: ${Object.keys(ONNX).join(', ')})`);
  const url = `${endpoint}/api/models/${id}/tree/main?recursive=true`;
  const res = await fetch(url).catch((err: Error) => {
    throw new Error(`cannot reach ${endpoint} to list ${id}: ${err.message}`, { cause: err });
  });
  if (!res.ok) throw new Error(`${url} answered ${res.status}${res.status === 404 ? `: no model ${id} there` : ''}`);
  const body: unknown = await res.json().catch(() => null);
  if (!Array.isArray(body)) throw new Error(`${url} did not answer with the hub's list of files`);
  const listed = new Map((body as HubFile[]).map((f) => [f.path, f]));
  const missing = [...REQUIRED, onnx].filter((p) => !listed.has(p));
  if (missing.length) throw new Error(`${id} on ${endpoint} lacks ${missing.join(', ')}: it is not a model transformers.js can run`);
  return [...REQUIRED, ...OPTIONAL.filter((p) => listed.has(p)), onnx].map((p) => listed.get(p)!);
}

const partOf = (staging: string, f: HubFile) => path.join(staging, `${f.path}.part`);
const doneOf = (staging: string, f: HubFile) => path.join(staging, f.path);

/** Bytes of the file already here: all of it once checked, else what a broken transfer left. */
function partSize(staging: string, f: HubFile): number {
  if (fs.existsSync(doneOf(staging, f))) return f.size;
  return fs.existsSync(partOf(staging, f)) ? fs.statSync(partOf(staging, f)).size : 0;
}

/** One file into the staging folder, resuming a broken transfer, then checked against the hub's hash. */
async function fetchChecked(url: string, f: HubFile, staging: string, onBytes: (bytes: number) => void): Promise<void> {
  const done = doneOf(staging, f);
  // checked when it came, but the hub may list another file by now (a new revision): check again
  if (fs.existsSync(done) && (await checkHash(done, f)) === null) return;
  fs.rmSync(done, { force: true });
  const part = partOf(staging, f);
  fs.mkdirSync(path.dirname(part), { recursive: true });
  let lastError: Error | null = null;
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    try {
      await transfer(url, part, f.lfs?.size ?? f.size, onBytes);
      lastError = null;
      break;
    } catch (err) {
      lastError = err as Error;
    }
  }
  if (lastError) throw new Error(`downloading ${url} failed after ${ATTEMPTS} tries: ${lastError.message}`, { cause: lastError });
  const bad = await checkHash(part, f);
  if (bad) {
    // a wrong file is not resumed from: the next try starts it again
    fs.rmSync(part, { force: true });
    throw new Error(`${url} is not the file the hub lists (${bad}): refused, nothing installed`);
  }
  fs.renameSync(part, done);
}

/** Appends the rest of the file to `part` (a Range request from what it holds), or starts it again when the server sends it whole. */
async function transfer(url: string, part: string, size: number, onBytes: (bytes: number) => void): Promise<void> {
  const have = fs.existsSync(part) ? fs.statSync(part).size : 0;
  const res = await fetch(url, { headers: have ? { Range: `bytes=${have}-` } : {} });
  if (res.status === 416) return; // the part is whole already
  if (!res.ok || !res.body) throw new Error(`answered ${res.status}`);
  const resumed = res.status === 206;
  let bytes = resumed ? have : 0;
  const file = await fs.promises.open(part, resumed ? 'a' : 'w');
  try {
    // each piece on disk before the next is read: a transfer that breaks leaves all it received, to resume from
    for await (const piece of res.body as AsyncIterable<Uint8Array>) {
      // a server sending more than the hub lists is not the file, and would fill the disk
      if (bytes + piece.length > size) throw new Error(`sent more than the ${size} bytes the hub lists`);
      await file.write(piece);
      bytes += piece.length;
      onBytes(bytes);
    }
  } finally {
    await file.close();
  }
}

/** Null when the file is the one listed; else what differs. Large files are checked by SHA-256, small ones by their git blob hash. */
async function checkHash(file: string, f: HubFile): Promise<string | null> {
  const size = fs.statSync(file).size;
  const want = f.lfs?.size ?? f.size;
  if (size !== want) return `${size} bytes, listed ${want}`;
  const hash = f.lfs ? createHash('sha256') : createHash('sha1').update(`blob ${size}\0`);
  await pipeline(fs.createReadStream(file), hash);
  const got = hash.digest('hex');
  const listed = f.lfs?.oid ?? f.oid;
  return got === listed ? null : `${f.lfs ? 'SHA-256' : 'git hash'} ${got}, listed ${listed}`;
}

/** Moves the checked files to the model's folder; the folder it replaces is kept beside it as `<id>.previous`. */
function install(staging: string, dir: string, files: HubFile[]): string {
  for (const f of files) if (!fs.existsSync(path.join(staging, f.path))) throw new Error(`${f.path} went missing from ${staging} before it was installed`);
  const previous = `${dir}.previous`;
  if (fs.existsSync(dir)) {
    fs.rmSync(previous, { recursive: true, force: true });
    fs.renameSync(dir, previous);
  }
  fs.mkdirSync(path.dirname(dir), { recursive: true });
  fs.renameSync(staging, dir);
  return dir;
}
