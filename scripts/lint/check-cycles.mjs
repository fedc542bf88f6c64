// Import cycles (ARCHITECTURE "Layout": nothing runs back up, no cycles): every runtime import between
// the TypeScript files of src/, workers/ and server/ is read with the TypeScript compiler, and any
// cycle is named. Type-only imports are erased at build time and do not count; lazy import() calls do
// not run at load time and do not count either. Run by `npm run lint`.
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const ROOTS = ['src', 'workers', 'server'];
const EXTENSIONS = ['.ts', '.tsx'];

function filesUnder(dir) {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return name === 'node_modules' ? [] : filesUnder(full);
    return EXTENSIONS.some((ext) => name.endsWith(ext)) && !name.endsWith('.d.ts') ? [full] : [];
  });
}

/** The file a relative specifier names, or null (a package, a stylesheet, an asset). */
function resolve(from, specifier) {
  if (!specifier.startsWith('.')) return null;
  const base = path.resolve(path.dirname(from), specifier.replace(/\.js$/, ''));
  for (const candidate of [base, ...EXTENSIONS.map((ext) => base + ext), ...EXTENSIONS.map((ext) => path.join(base, `index${ext}`))]) {
    if (EXTENSIONS.some((ext) => candidate.endsWith(ext)) && existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return null;
}

/** Whether an import or export statement leaves something at run time. */
function runtime(statement) {
  if (ts.isImportDeclaration(statement)) {
    const clause = statement.importClause;
    if (!clause) return true;
    if (clause.isTypeOnly) return false;
    if (clause.name) return true;
    const bindings = clause.namedBindings;
    if (!bindings || ts.isNamespaceImport(bindings)) return true;
    // `import { type A, type B }` is erased like `import type` (isolatedModules, no verbatimModuleSyntax).
    return bindings.elements.length === 0 || bindings.elements.some((element) => !element.isTypeOnly);
  }
  if (ts.isExportDeclaration(statement)) {
    if (!statement.moduleSpecifier || statement.isTypeOnly) return false;
    const clause = statement.exportClause;
    return !clause || !ts.isNamedExports(clause) || clause.elements.some((element) => !element.isTypeOnly);
  }
  return false;
}

export function importGraph(root = process.cwd()) {
  const graph = new Map();
  for (const file of ROOTS.flatMap((dir) => filesUnder(path.join(root, dir)))) {
    const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, false);
    const targets = new Set();
    for (const statement of source.statements) {
      if (!runtime(statement) || !statement.moduleSpecifier || !ts.isStringLiteral(statement.moduleSpecifier)) continue;
      const target = resolve(file, statement.moduleSpecifier.text);
      if (target) targets.add(target);
    }
    graph.set(file, targets);
  }
  return graph;
}

/** Tarjan's strongly connected components: every component of more than one file is a cycle. */
export function cycles(graph) {
  const index = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const found = [];
  let next = 0;
  function visit(file) {
    index.set(file, next);
    low.set(file, next);
    next++;
    stack.push(file);
    onStack.add(file);
    for (const target of graph.get(file) ?? []) {
      if (!index.has(target)) {
        visit(target);
        low.set(file, Math.min(low.get(file), low.get(target)));
      } else if (onStack.has(target)) {
        low.set(file, Math.min(low.get(file), index.get(target)));
      }
    }
    if (low.get(file) !== index.get(file)) return;
    const component = [];
    let member;
    do {
      member = stack.pop();
      onStack.delete(member);
      component.push(member);
    } while (member !== file);
    if (component.length > 1 || graph.get(file)?.has(file)) found.push(component.sort());
  }
  for (const file of graph.keys()) if (!index.has(file)) visit(file);
  return found;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const root = process.cwd();
  const found = cycles(importGraph(root));
  if (found.length === 0) {
    console.log('No import cycles.');
  } else {
    for (const component of found) console.error(`Import cycle:\n  ${component.map((file) => path.relative(root, file)).join('\n  ')}`);
    process.exitCode = 1;
  }
}
