// Cairn's own lint rules: the layering (who may import whom), no import cycles between files or
// between the engine's folders, and SQL only in electron/engine/store/ (issue 20).
import { components, importGraph, resolveImport, shortestPath, toRelative } from './import-graph.mjs';

/** Better-sqlite3 Database methods that run or shape SQL. */
const SQL_METHODS = new Set(['prepare', 'exec', 'pragma', 'transaction', 'loadExtension']);
const ENGINE = 'electron/engine/';

function fileOf(context) {
  return toRelative(context.cwd, context.physicalFilename);
}

/** Every module specifier the file names: imports, re-exports, dynamic imports, require(). */
function onSpecifiers(visit) {
  const literal = (node, source) => {
    if (source && source.type === 'Literal' && typeof source.value === 'string') visit(node, source.value);
  };
  return {
    ImportDeclaration: (node) => literal(node, node.source),
    ExportNamedDeclaration: (node) => literal(node, node.source),
    ExportAllDeclaration: (node) => literal(node, node.source),
    ImportExpression: (node) => literal(node, node.source),
    CallExpression: (node) => {
      if (node.callee.type === 'Identifier' && node.callee.name === 'require') literal(node, node.arguments[0]);
    },
  };
}

function packageOf(specifier) {
  if (specifier.startsWith('.') || specifier.startsWith('node:')) return null;
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
}

const layering = {
  meta: {
    type: 'problem',
    docs: { description: 'A layer imports only the layers beneath it.' },
    schema: [
      {
        type: 'object',
        properties: {
          onlyPaths: { type: 'array', items: { type: 'string' } },
          forbidPaths: { type: 'array', items: { type: 'string' } },
          forbidPackages: { type: 'array', items: { type: 'string' } },
          why: { type: 'string' },
        },
        additionalProperties: false,
      },
    ],
    messages: { forbidden: "'{{specifier}}' ({{target}}) may not be imported here: {{why}}" },
  },
  create(context) {
    const { onlyPaths, forbidPaths = [], forbidPackages = [], why = 'layering' } = context.options[0] ?? {};
    const file = fileOf(context);
    return onSpecifiers((node, specifier) => {
      const pkg = packageOf(specifier);
      let target;
      if (pkg) {
        if (!forbidPackages.includes(pkg)) return;
        target = `package ${pkg}`;
      } else {
        target = resolveImport(context.cwd, file, specifier);
        if (!target) return;
        const allowed = onlyPaths ? onlyPaths.some((prefix) => target.startsWith(prefix)) : true;
        if (allowed && !forbidPaths.some((prefix) => target === prefix || target.startsWith(prefix))) return;
      }
      context.report({ node, messageId: 'forbidden', data: { specifier, target, why } });
    });
  },
};

const isTest = (file) => /\.test\.tsx?$/.test(file);

/** The engine folder a file belongs to (`electron/engine/search/x.ts` -> `search`), or null. */
function engineFolder(file) {
  if (!file.startsWith(ENGINE)) return null;
  const rest = file.slice(ENGINE.length).split('/');
  return rest.length > 1 ? rest[0] : null;
}

const cycleCache = new WeakMap();

function runtimeImports(graph) {
  let next = cycleCache.get(graph);
  if (!next) {
    const edges = new Map();
    for (const [file, imports] of graph) {
      edges.set(
        file,
        imports.filter((edge) => !edge.typeOnly && !edge.dynamic).map((edge) => edge.target),
      );
    }
    next = (file) => edges.get(file) ?? [];
    cycleCache.set(graph, next);
  }
  return next;
}

const noCycle = {
  meta: {
    type: 'problem',
    docs: {
      description: 'No import cycles between files (type-only and dynamic imports aside: they do not run at load time).',
    },
    schema: [],
    messages: { cycle: 'import cycle: {{route}}' },
  },
  create(context) {
    const file = fileOf(context);
    const next = runtimeImports(importGraph(context.cwd));
    return onSpecifiers((node, specifier) => {
      if (node.type === 'ImportExpression' || node.importKind === 'type' || node.exportKind === 'type') return;
      const target = resolveImport(context.cwd, file, specifier);
      // the graph is the files on disk; this import is taken from the text being linted
      const back = target && shortestPath(target, file, next);
      if (back) context.report({ node, messageId: 'cycle', data: { route: [file, ...back].join(' -> ') } });
    });
  },
};

const folderCache = new WeakMap();

/** The folder graph twice: with every import, and without the allowlisted ones (the cycles left
 * once those are gone are the ones to report). */
function folderGraphs(graph, pending) {
  const key = [...pending].sort().join('\n');
  let byList = folderCache.get(graph);
  if (!byList) folderCache.set(graph, (byList = new Map()));
  let cached = byList.get(key);
  if (!cached) {
    const all = new Map();
    const rest = new Map();
    const add = (edges, from, to) => (edges.get(from) ?? edges.set(from, new Set()).get(from)).add(to);
    for (const [file, imports] of graph) {
      const from = engineFolder(file);
      // a test is a leaf nothing imports: its imports (a harness in testing/) close no layer's cycle
      if (!from || isTest(file)) continue;
      for (const { target } of imports) {
        const to = engineFolder(target);
        if (!to || to === from) continue;
        add(all, from, to);
        if (!pending.has(`${file} -> ${target}`)) add(rest, from, to);
      }
    }
    const solve = (edges) => {
      const next = (folder) => [...(edges.get(folder) ?? [])];
      return { next, component: components([...edges.keys()], next) };
    };
    cached = { all: solve(all), rest: solve(rest) };
    byList.set(key, cached);
  }
  return cached;
}

const sameComponent = (component, a, b) => component.has(a) && component.get(a) === component.get(b);

const noFolderCycle = {
  meta: {
    type: 'problem',
    docs: { description: 'The folders of electron/engine/ form layers: no folder imports one that imports it back.' },
    schema: [
      {
        type: 'object',
        properties: { pending: { type: 'array', items: { type: 'string' } } },
        additionalProperties: false,
      },
    ],
    messages: {
      cycle: 'engine folders in a cycle: {{route}} (this import is {{from}} -> {{to}})',
      stale: "'{{edge}}' is in the folder-cycle allowlist but no longer closes a folder cycle: delete its line",
    },
  },
  create(context) {
    const file = fileOf(context);
    const from = engineFolder(file);
    if (!from || isTest(file)) return {};
    const pending = new Set(context.options[0]?.pending ?? []);
    const { all, rest } = folderGraphs(importGraph(context.cwd), pending);
    const excused = new Set();
    return {
      ...onSpecifiers((node, specifier) => {
        const target = resolveImport(context.cwd, file, specifier);
        const to = target && engineFolder(target);
        if (!to || to === from) return;
        const edge = `${file} -> ${target}`;
        if (pending.has(edge)) {
          if (sameComponent(all.component, from, to)) excused.add(edge);
          return;
        }
        const back = shortestPath(to, from, rest.next);
        if (!back) return;
        context.report({ node, messageId: 'cycle', data: { route: [from, ...back].join(' -> '), from, to } });
      }),
      'Program:exit'(program) {
        for (const edge of pending) {
          if (edge.startsWith(`${file} -> `) && !excused.has(edge)) {
            context.report({ node: program, messageId: 'stale', data: { edge } });
          }
        }
      },
    };
  },
};

/** Files on a pending list report nothing, but say so when the list entry has become stale. */
function withPending(context, listName) {
  const file = fileOf(context);
  const pending = (context.options[0]?.pending ?? []).includes(file);
  let found = false;
  return {
    report(descriptor) {
      found = true;
      if (!pending) context.report(descriptor);
    },
    exit(program) {
      if (pending && !found) context.report({ node: program, messageId: 'stale', data: { file, list: listName } });
    },
  };
}

const pendingSchema = [
  {
    type: 'object',
    properties: { pending: { type: 'array', items: { type: 'string' } } },
    additionalProperties: false,
  },
];

/** Whether the property a call names is declared by better-sqlite3's types (Database.prepare…). */
function declaredByBetterSqlite(services, property) {
  const symbol = services.getSymbolAtLocation
    ? services.getSymbolAtLocation(property)
    : services.program.getTypeChecker().getSymbolAtLocation(services.esTreeNodeToTSNodeMap.get(property));
  const declarations = symbol?.declarations ?? [];
  return declarations.some((declaration) => /[\\/]better-sqlite3[\\/]/.test(declaration.getSourceFile().fileName));
}

const sqlInStore = {
  meta: {
    type: 'problem',
    docs: { description: 'Every SQL statement lives in electron/engine/store/ (issue 20).' },
    schema: pendingSchema,
    messages: {
      call: "'{{method}}' on a SQLite database outside electron/engine/store/: move the SQL into a repository there",
      import: "'better-sqlite3' imported outside electron/engine/store/: take a Store (or its repositories) instead",
      stale: '{{file}} is in {{list}} but uses no SQL any more: delete its line',
    },
  },
  create(context) {
    const services = context.sourceCode.parserServices;
    const pending = withPending(context, 'SQL_PENDING');
    return {
      ...onSpecifiers((node, specifier) => {
        if (packageOf(specifier) === 'better-sqlite3') pending.report({ node, messageId: 'import' });
      }),
      'CallExpression > MemberExpression.callee'(member) {
        const property = member.property;
        if (member.computed || property.type !== 'Identifier' || !SQL_METHODS.has(property.name)) return;
        if (!services?.program || !declaredByBetterSqlite(services, property)) return;
        pending.report({ node: member, messageId: 'call', data: { method: property.name } });
      },
      'Program:exit': (program) => pending.exit(program),
    };
  },
};

const dbOutsideStore = {
  meta: {
    type: 'problem',
    docs: { description: 'Engine modules take a Store, not a Db (issue 20).' },
    schema: pendingSchema,
    messages: {
      db: "the 'Db' type imported outside electron/engine/store/: take a Store (or its repositories) instead",
      stale: '{{file}} is in {{list}} but no longer imports Db: delete its line',
    },
  },
  create(context) {
    const file = fileOf(context);
    const pending = withPending(context, 'DB_PENDING');
    return {
      ImportDeclaration(node) {
        const target = resolveImport(context.cwd, file, node.source.value);
        if (!target?.startsWith(`${ENGINE}store/`)) return;
        for (const specifier of node.specifiers) {
          if (specifier.type === 'ImportSpecifier' && specifier.imported.name === 'Db') {
            pending.report({ node: specifier, messageId: 'db' });
          }
        }
      },
      'Program:exit': (program) => pending.exit(program),
    };
  },
};

export default {
  meta: { name: 'cairn' },
  rules: {
    layering,
    'no-cycle': noCycle,
    'no-folder-cycle': noFolderCycle,
    'sql-in-store': sqlInStore,
    'db-outside-store': dbOutsideStore,
  },
};
