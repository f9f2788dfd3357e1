/**
 * No import cycles in the services, type imports included (the lint's import-x/no-cycle skips `import type`,
 * so a circle of types through services/api/src/config.ts once ran through 34 files unseen). Each folder's
 * relative imports form a graph; a strongly connected component of more than one file is a cycle.
 */
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const ROOT = path.resolve(__dirname, '..');
const FOLDERS = ['services/api/src', 'services/account/src', 'services/gateway/src', 'services/engines/src', 'services/db/src', 'services/mail/src'];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) return sourceFiles(file);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [file] : [];
  });
}

function importGraph(files: string[]): Map<string, string[]> {
  return new Map(
    files.map((file) => {
      const imports = ts.preProcessFile(readFileSync(file, 'utf8'), true, true).importedFiles.filter((ref) => ref.fileName.startsWith('.'));
      const targets = imports.flatMap((ref) => {
        const base = path.resolve(path.dirname(file), ref.fileName.replace(/\.js$/, ''));
        return [`${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts')].filter(existsSync).slice(0, 1);
      });
      return [file, targets];
    }),
  );
}

/** Tarjan's strongly connected components of more than one file. */
export function cyclesOf(graph: Map<string, string[]>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (file: string) => {
    index.set(file, next);
    low.set(file, next++);
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
      component.push(member);
    } while (member !== file);
    if (component.length > 1) found.push(component.sort());
  };
  for (const file of graph.keys()) if (!index.has(file)) visit(file);
  return found;
}

describe('import cycles', () => {
  it.each(FOLDERS)('%s has none, type imports included', (folder) => {
    const cycles = cyclesOf(importGraph(sourceFiles(path.join(ROOT, folder))));
    expect(cycles.map((cycle) => cycle.map((file) => path.relative(ROOT, file)))).toEqual([]);
  });

  it('finds a cycle of type imports', () => {
    const graph = new Map([
      ['config.ts', ['checkin.ts']],
      ['checkin.ts', ['types.ts']],
      ['types.ts', ['config.ts']],
      ['leaf.ts', []],
    ]);
    expect(cyclesOf(graph)).toEqual([['checkin.ts', 'config.ts', 'types.ts']]);
  });
});
