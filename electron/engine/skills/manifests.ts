// What an agent's project folders say about the code in them: the dependencies each manifest
// names, by ecosystem. Each file is read with the parser its format needs (JSON, TOML, YAML, XML)
// or, for the line formats (requirements.txt, go.mod, Gemfile), its documented line grammar. A
// file that cannot be read is reported with its path (and line where the parser gives one) and the
// others still count.
import fs from 'node:fs';
import path from 'node:path';
import { XMLParser } from 'fast-xml-parser';
import { parse as parseToml } from 'smol-toml';
import YAML from 'yaml';

export type Ecosystem = 'npm' | 'python' | 'cargo' | 'go' | 'dart' | 'ruby' | 'maven' | 'docker';

export interface ManifestFacts {
  /** the manifest, absolute */
  file: string;
  ecosystem: Ecosystem;
  /** dependency names as the ecosystem writes them (lowercased) */
  dependencies: string[];
}

export interface ManifestProblem {
  file: string;
  line: number | null;
  reason: string;
}

type Reader = (text: string) => string[];

const READERS: Record<string, { ecosystem: Ecosystem; read: Reader }> = {
  'package.json': { ecosystem: 'npm', read: packageJson },
  'pyproject.toml': { ecosystem: 'python', read: pyproject },
  'requirements.txt': { ecosystem: 'python', read: requirements },
  'Cargo.toml': { ecosystem: 'cargo', read: cargo },
  'go.mod': { ecosystem: 'go', read: goMod },
  'pubspec.yaml': { ecosystem: 'dart', read: pubspec },
  Gemfile: { ecosystem: 'ruby', read: gemfile },
  'pom.xml': { ecosystem: 'maven', read: pom },
  Dockerfile: { ecosystem: 'docker', read: dockerfile },
};

export const MANIFEST_FILES = Object.keys(READERS);
export const MAX_MANIFEST_BYTES = 1024 * 1024;

/** The manifests at the top of a project folder (where each ecosystem puts them). */
export function readManifests(folder: string): { facts: ManifestFacts[]; problems: ManifestProblem[] } {
  const facts: ManifestFacts[] = [];
  const problems: ManifestProblem[] = [];
  for (const [name, { ecosystem, read }] of Object.entries(READERS)) {
    const file = path.join(folder, name);
    let text: string;
    try {
      // a regular file of sensible size: not a symlink out of the wiki, not a FIFO that blocks the run
      const stat = fs.lstatSync(file);
      if (!stat.isFile()) continue;
      if (stat.size > MAX_MANIFEST_BYTES) {
        problems.push({ file, line: null, reason: `${name} is larger than ${MAX_MANIFEST_BYTES / 1024 / 1024} MB: not read` });
        continue;
      }
      text = fs.readFileSync(file, 'utf8');
    } catch {
      continue;
    }
    try {
      facts.push({
        file,
        ecosystem,
        dependencies: [
          ...new Set(
            read(text)
              .map((d) => d.trim().toLowerCase())
              .filter(Boolean),
          ),
        ],
      });
    } catch (err) {
      problems.push({ file, line: lineOf(err), reason: `cannot read ${name}: ${(err as Error).message.split('\n')[0]}` });
    }
  }
  return { facts, problems };
}

function lineOf(err: unknown): number | null {
  const e = err as { line?: number; linePos?: [{ line: number }] };
  return e.line ?? e.linePos?.[0]?.line ?? null;
}

const keysOf = (o: unknown) => (o && typeof o === 'object' ? Object.keys(o) : []);

function packageJson(text: string): string[] {
  const p = JSON.parse(text) as Record<string, unknown>;
  return ['dependencies', 'devDependencies', 'peerDependencies', 'optionalDependencies'].flatMap((k) => keysOf(p[k]));
}

/** PEP 508 requirement → its distribution name. */
function requirementName(req: string): string {
  return /^\s*([A-Za-z0-9][A-Za-z0-9._-]*)/.exec(req)?.[1] ?? '';
}

function pyproject(text: string): string[] {
  const t = parseToml(text) as {
    project?: { dependencies?: unknown; 'optional-dependencies'?: Record<string, unknown> };
    tool?: { poetry?: { dependencies?: unknown; 'dev-dependencies'?: unknown } };
  };
  const pep621 = [t.project?.dependencies, ...Object.values(t.project?.['optional-dependencies'] ?? {})]
    .flatMap((d) => (Array.isArray(d) ? d.map(String) : []))
    .map(requirementName);
  const poetry = [...keysOf(t.tool?.poetry?.dependencies), ...keysOf(t.tool?.poetry?.['dev-dependencies'])].filter((d) => d !== 'python');
  return [...pep621, ...poetry];
}

function requirements(text: string): string[] {
  return text
    .split('\n')
    .map((l) => l.replace(/#.*/, '').trim())
    .filter((l) => l && !l.startsWith('-'))
    .map(requirementName);
}

function cargo(text: string): string[] {
  const t = parseToml(text) as Record<string, unknown>;
  return ['dependencies', 'dev-dependencies', 'build-dependencies'].flatMap((k) => keysOf(t[k]));
}

function goMod(text: string): string[] {
  const out: string[] = [];
  let inBlock = false;
  for (const raw of text.split('\n')) {
    const line = raw.replace(/\/\/.*/, '').trim();
    if (/^require\s*\($/.test(line)) inBlock = true;
    else if (inBlock && line === ')') inBlock = false;
    else if (inBlock && line) out.push(line.split(/\s+/)[0]!);
    else if (line.startsWith('require ')) out.push(line.split(/\s+/)[1]!);
  }
  return out;
}

function pubspec(text: string): string[] {
  const doc = YAML.parseDocument(text);
  if (doc.errors.length) throw doc.errors[0]!;
  const p = doc.toJS() as { dependencies?: unknown; dev_dependencies?: unknown } | null;
  return [...keysOf(p?.dependencies), ...keysOf(p?.dev_dependencies)];
}

function gemfile(text: string): string[] {
  return [...text.matchAll(/^\s*gem\s+['"]([^'"]+)['"]/gm)].map((m) => m[1]!);
}

function pom(text: string): string[] {
  const doc = new XMLParser({ isArray: (name) => name === 'dependency' }).parse(text) as {
    project?: { dependencies?: { dependency?: { groupId?: string; artifactId?: string }[] }; parent?: { artifactId?: string } };
  };
  const deps = (doc.project?.dependencies?.dependency ?? []).map((d) => `${d.groupId ?? ''}:${d.artifactId ?? ''}`);
  const parent = doc.project?.parent?.artifactId;
  return parent ? [...deps, `parent:${parent}`] : deps;
}

/** Base images: `FROM node:20-slim` names node. */
function dockerfile(text: string): string[] {
  return [...text.matchAll(/^\s*FROM\s+(?:--\S+\s+)*([^\s:@]+)/gim)].map((m) => `image:${m[1]!.split('/').pop()}`);
}
