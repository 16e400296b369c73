import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * No import circle in src/ (type-only imports count: a circle of types is a seam in the wrong place).
 * There was a 39-file one through trpc/ (the service container lived in trpc/context.ts, which the
 * domains imported for its type); the services are declared in src/server/services.ts now.
 */
const SRC = fileURLToPath(new URL('../', import.meta.url));

function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** Each file's relative imports and re-exports that name another source file. */
function importGraph(files: string[]): Map<string, string[]> {
  const known = new Set(files);
  const graph = new Map<string, string[]>();
  for (const file of files) {
    // Static declarations only, from the start of a line: `import … from '…'`, `export … from '…'` (a list may
    // span lines; it holds no semicolon) and `import '…'`. A lazy `import('…')` is a load at run time, no seam.
    const text = readFileSync(file, 'utf8');
    const specifiers = [
      ...text.matchAll(/^(?:import|export)\b[^;]*?\bfrom\s+'(\.[^']+)'/gm),
      ...text.matchAll(/^import\s+'(\.[^']+)'/gm),
    ].map((match) => match[1]!);
    const targets = specifiers
      .map((specifier) => {
        const base = path.resolve(path.dirname(file), specifier).replace(/\.js$/, '');
        return [`${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts')].find((candidate) => known.has(candidate));
      })
      .filter((target): target is string => target !== undefined);
    graph.set(file, targets);
  }
  return graph;
}

/** The strongly connected components of more than one file (Tarjan), each a circle of imports. */
function circles(graph: Map<string, string[]>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (file: string) => {
    index.set(file, next);
    low.set(file, next);
    next += 1;
    stack.push(file);
    onStack.add(file);
    for (const target of graph.get(file) ?? []) {
      if (!index.has(target)) {
        visit(target);
        low.set(file, Math.min(low.get(file)!, low.get(target)!));
      } else if (onStack.has(target)) low.set(file, Math.min(low.get(file)!, index.get(target)!));
    }
    if (low.get(file) !== index.get(file)) return;
    const component: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      component.push(path.relative(SRC, member));
    } while (member !== file);
    if (component.length > 1) found.push(component.sort());
  };
  for (const file of graph.keys()) if (!index.has(file)) visit(file);
  return found;
}

describe('imports in src/', () => {
  it('form no circle', () => {
    const graph = importGraph(sourceFiles(SRC));
    expect(graph.size).toBeGreaterThan(300);
    expect(circles(graph)).toEqual([]);
  });
});
