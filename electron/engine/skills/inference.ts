// Auto registrations: what an agent's project manifests imply it works with. A table maps an
// ecosystem's dependency to a skill and its category; users extend or override it in the config
// (`skillMappings`). Each manifest also implies its language. Inferred entries are facts about the
// code, never claims: always `familiar`, never pending, labelled inferred with the dependency that
// implied them.
import type { Ecosystem, ManifestFacts } from './manifests.ts';
import { skillSlug } from './slug.ts';

export interface SkillMapping {
  skill: string;
  category: string;
}

/** `ecosystem:dependency` (or a bare dependency name, any ecosystem) → skill. */
export type MappingTable = Record<string, SkillMapping>;

const LANGUAGE: Record<Ecosystem, SkillMapping | null> = {
  npm: { skill: 'javascript', category: 'frontend' },
  python: { skill: 'python', category: 'backend' },
  cargo: { skill: 'rust', category: 'backend' },
  go: { skill: 'go', category: 'backend' },
  dart: { skill: 'dart', category: 'mobile' },
  ruby: { skill: 'ruby', category: 'backend' },
  maven: { skill: 'java', category: 'backend' },
  docker: { skill: 'docker', category: 'devops' },
};

const m = (skill: string, category: string): SkillMapping => ({ skill, category });

export const DEFAULT_MAPPINGS: MappingTable = {
  // JavaScript / TypeScript
  'npm:typescript': m('typescript', 'frontend'),
  'npm:react': m('react', 'frontend'),
  'npm:react-dom': m('react', 'frontend'),
  'npm:vue': m('vue', 'frontend'),
  'npm:svelte': m('svelte', 'frontend'),
  'npm:next': m('nextjs', 'frontend'),
  'npm:vite': m('vite', 'frontend'),
  'npm:electron': m('electron', 'frontend'),
  'npm:cytoscape': m('graph-visualisation', 'frontend'),
  'npm:react-native': m('react-native', 'mobile'),
  'npm:expo': m('react-native', 'mobile'),
  'npm:express': m('node-http-servers', 'backend'),
  'npm:fastify': m('node-http-servers', 'backend'),
  'npm:koa': m('node-http-servers', 'backend'),
  'npm:better-sqlite3': m('sqlite', 'backend'),
  'npm:sqlite3': m('sqlite', 'backend'),
  'npm:pg': m('postgresql', 'backend'),
  'npm:prisma': m('prisma', 'backend'),
  'npm:zod': m('schema-validation', 'backend'),
  'npm:sqlite-vec': m('vector-search', 'ai'),
  'npm:@huggingface/transformers': m('ml-inference', 'ai'),
  'npm:onnxruntime-node': m('ml-inference', 'ai'),
  'npm:openai': m('llm-apis', 'ai'),
  'npm:@anthropic-ai/sdk': m('llm-apis', 'ai'),
  'npm:@modelcontextprotocol/sdk': m('mcp', 'ai'),
  'npm:markdown-it': m('markdown', 'content'),
  'npm:remark': m('markdown', 'content'),
  'npm:@playwright/test': m('browser-testing', 'devops'),
  'npm:playwright': m('browser-testing', 'devops'),
  'npm:vitest': m('javascript-testing', 'devops'),
  'npm:jest': m('javascript-testing', 'devops'),
  'npm:electron-builder': m('desktop-packaging', 'devops'),
  // Python
  'python:django': m('django', 'backend'),
  'python:flask': m('flask', 'backend'),
  'python:fastapi': m('fastapi', 'backend'),
  'python:sqlalchemy': m('sqlalchemy', 'backend'),
  'python:numpy': m('numerical-python', 'ai'),
  'python:pandas': m('data-analysis', 'ai'),
  'python:torch': m('pytorch', 'ai'),
  'python:tensorflow': m('tensorflow', 'ai'),
  'python:scikit-learn': m('machine-learning', 'ai'),
  'python:transformers': m('ml-inference', 'ai'),
  'python:sentence-transformers': m('embeddings', 'ai'),
  'python:openai': m('llm-apis', 'ai'),
  'python:anthropic': m('llm-apis', 'ai'),
  'python:pytest': m('python-testing', 'devops'),
  // Rust, Go
  'cargo:tokio': m('async-rust', 'backend'),
  'cargo:axum': m('rust-web-servers', 'backend'),
  'cargo:actix-web': m('rust-web-servers', 'backend'),
  'cargo:serde': m('serialisation', 'backend'),
  'cargo:rusqlite': m('sqlite', 'backend'),
  'go:github.com/gin-gonic/gin': m('go-web-servers', 'backend'),
  'go:github.com/labstack/echo/v4': m('go-web-servers', 'backend'),
  'go:k8s.io/client-go': m('kubernetes', 'infra'),
  // Dart, Ruby, Java
  'dart:flutter': m('flutter', 'mobile'),
  'ruby:rails': m('rails', 'backend'),
  'ruby:rspec': m('ruby-testing', 'devops'),
  'maven:parent:spring-boot-starter-parent': m('spring-boot', 'backend'),
  'maven:org.springframework.boot:spring-boot-starter-web': m('spring-boot', 'backend'),
  'maven:junit:junit': m('java-testing', 'devops'),
  // base images
  'docker:image:node': m('node', 'backend'),
  'docker:image:python': m('python', 'backend'),
  'docker:image:nginx': m('nginx', 'infra'),
  'docker:image:postgres': m('postgresql', 'backend'),
};

export interface Inferred {
  skill: string;
  category: string;
  /** which manifest and dependency implied it, in words */
  because: string;
  file: string;
}

/** Skills the manifests imply, one per skill (the first reason found); `extra` entries win over the built-in table. */
export function inferSkills(manifests: ManifestFacts[], extra: MappingTable = {}): Inferred[] {
  const table = { ...DEFAULT_MAPPINGS, ...extra };
  const out = new Map<string, Inferred>();
  const add = (map: SkillMapping, because: string, file: string) => {
    const skill = skillSlug(map.skill);
    if (skill && !out.has(skill)) out.set(skill, { skill, category: map.category, because, file });
  };
  for (const mf of manifests) {
    const name = mf.file.split(/[\\/]/).pop()!;
    const language = LANGUAGE[mf.ecosystem];
    if (language) add(language, `${name} is a ${mf.ecosystem === 'docker' ? 'Docker build' : `${language.skill} project`}`, mf.file);
    for (const dep of mf.dependencies) {
      const map = own(table, `${mf.ecosystem}:${dep}`) ?? own(table, dep);
      if (map) add(map, `${name} depends on ${dep}`, mf.file);
    }
  }
  return [...out.values()];
}

/** Only the table's own entries: a dependency named `constructor` or `__proto__` is just a name. */
function own(table: MappingTable, key: string): SkillMapping | undefined {
  return Object.hasOwn(table, key) ? table[key] : undefined;
}
