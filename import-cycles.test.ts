import { join, relative } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

// ESLint's import/no-cycle skips `import type` (eslint-plugin-import 2.32 has no option to count it), so a cycle
// closed by a type import would pass lint: this test walks every import the TypeScript project has, type-only and
// dynamic ones included, and fails on any cycle.
const root = import.meta.dirname;
const parsed = ts.getParsedCommandLineOfConfigFile(
  join(root, 'tsconfig.json'),
  {},
  {
    ...ts.sys,
    onUnRecoverableConfigFileDiagnostic: (diagnostic) => {
      throw new Error(ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
    },
  },
);
if (!parsed) throw new Error('tsconfig.json did not parse');
const options = parsed.options;

/** Every module specifier in `source`: imports and re-exports (type-only too), `import()` and `import('x').T` types. */
function specifiersIn(fileName: string, source: string): string[] {
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, false);
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier) {
      if (ts.isStringLiteral(node.moduleSpecifier)) found.push(node.moduleSpecifier.text);
    } else if (ts.isImportEqualsDeclaration(node) && ts.isExternalModuleReference(node.moduleReference)) {
      const expression = node.moduleReference.expression;
      if (ts.isStringLiteral(expression)) found.push(expression.text);
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      const [argument] = node.arguments;
      if (argument && ts.isStringLiteralLike(argument)) found.push(argument.text);
    } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument)) {
      const literal = node.argument.literal;
      if (ts.isStringLiteral(literal)) found.push(literal.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

const resolutionCache = ts.createModuleResolutionCache(root, (path) => path, options);
const importsOf = new Map<string, string[]>();

/**
 * The project's own files (no .d.ts, nothing from node_modules), each with the project files it imports;
 * `extraFiles` (root-relative path: source) adds files or replaces what a file says.
 */
function importGraph(extraFiles: Record<string, string> = {}): Map<string, string[]> {
  const extra = new Map(Object.entries(extraFiles).map(([path, source]) => [join(root, path), source]));
  const host: ts.ModuleResolutionHost = {
    fileExists: (path) => extra.has(path) || ts.sys.fileExists(path),
    readFile: (path) => extra.get(path) ?? ts.sys.readFile(path),
  };
  const files = [...new Set([...parsed!.fileNames, ...extra.keys()])].filter((path) => !path.endsWith('.d.ts'));
  const inProject = new Set(files);
  const graph = new Map<string, string[]>();
  for (const path of files) {
    const known = extra.has(path) ? undefined : importsOf.get(path);
    const imported =
      known ??
      specifiersIn(path, host.readFile(path) ?? '')
        .map((specifier) => {
          const cache = extra.size > 0 ? undefined : resolutionCache;
          return ts.resolveModuleName(specifier, path, options, host, cache).resolvedModule?.resolvedFileName;
        })
        .filter((target): target is string => target !== undefined && inProject.has(target));
    if (extra.size === 0) importsOf.set(path, imported);
    graph.set(path, [...new Set(imported)]);
  }
  return graph;
}

/** One cycle per strongly connected component (Tarjan), as root-relative paths that end where they start. */
function cyclesIn(graph: Map<string, string[]>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const components: string[][] = [];
  const connect = (node: string) => {
    index.set(node, index.size);
    low.set(node, index.get(node)!);
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!index.has(next)) {
        connect(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (onStack.has(next)) {
        low.set(node, Math.min(low.get(node)!, index.get(next)!));
      }
    }
    if (low.get(node) === index.get(node)) {
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        component.push(member);
      } while (member !== node);
      if (component.length > 1 || graph.get(node)!.includes(node)) components.push(component);
    }
  };
  for (const node of graph.keys()) if (!index.has(node)) connect(node);
  return components.map((component) => {
    // A path from the component's first file back to itself, through its members only (breadth first: shortest).
    const members = new Set(component);
    const start = component.sort()[0]!;
    const cameFrom = new Map<string, string>();
    const queue = [start];
    while (queue.length > 0) {
      const node = queue.shift()!;
      for (const next of graph.get(node)!) {
        if (!members.has(next) || cameFrom.has(next)) continue;
        cameFrom.set(next, node);
        queue.push(next);
      }
    }
    const cycle = [start];
    for (let node = cameFrom.get(start)!; node !== start; node = cameFrom.get(node)!) cycle.unshift(node);
    cycle.unshift(start);
    return cycle.map((path) => relative(root, path));
  });
}

describe('import cycles (type-only and dynamic imports count)', () => {
  it('finds none in the project', () => {
    expect(cyclesIn(importGraph())).toEqual([]);
  });

  it('finds a cycle closed only by type imports', () => {
    const cycles = cyclesIn(
      importGraph({
        'pwa/src/lib/probe-a.ts': "import type { B } from './probe-b';\nexport type A = { b?: B };\n",
        'pwa/src/lib/probe-b.ts': "import type { A } from './probe-a';\nexport type B = { a?: A };\n",
      }),
    );
    expect(cycles).toContainEqual(['pwa/src/lib/probe-a.ts', 'pwa/src/lib/probe-b.ts', 'pwa/src/lib/probe-a.ts']);
  });

  it('finds a cycle through an existing file, closed by a dynamic import', () => {
    const migrate = 'api/scripts/migrate.ts';
    const cycles = cyclesIn(
      importGraph({
        'api/probe.ts': `export const probe = () => import('./scripts/migrate');\n`,
        [migrate]: `${ts.sys.readFile(join(root, migrate))}\nexport type Probe = typeof import('../probe');\n`,
      }),
    );
    expect(cycles).toContainEqual(['api/probe.ts', migrate, 'api/probe.ts']);
  });
});
