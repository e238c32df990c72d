import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../support/paths.js';
import { folderGraph, layerOf, layerViolations, LAYERS } from './layers.js';

const src = join(repoRoot, 'src');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((d) =>
    d.isDirectory() ? sourceFiles(join(dir, d.name)) : d.name.endsWith('.ts') ? [join(dir, d.name)] : [],
  );
}

/** Relative imports of each source file, resolved to source paths (type-only imports included: they still couple modules). */
function importGraph(): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const file of sourceFiles(src)) {
    const text = readFileSync(file, 'utf8');
    const targets = [...text.matchAll(/(?:import|export)[^'"]*?from\s+'(\.[^']+)'/g)].map((m) =>
      resolve(dirname(file), (m[1] ?? '').replace(/\.js$/, '.ts')),
    );
    graph.set(file, targets);
  }
  return graph;
}

function findCycle(graph: Map<string, string[]>): string[] | null {
  const state = new Map<string, 'active' | 'done'>();
  const stack: string[] = [];
  const visit = (node: string): string[] | null => {
    if (state.get(node) === 'done') return null;
    if (state.get(node) === 'active') return [...stack.slice(stack.indexOf(node)), node];
    state.set(node, 'active');
    stack.push(node);
    for (const next of graph.get(node) ?? []) {
      const cycle = visit(next);
      if (cycle) return cycle;
    }
    stack.pop();
    state.set(node, 'done');
    return null;
  };
  for (const node of graph.keys()) {
    const cycle = visit(node);
    if (cycle) return cycle;
  }
  return null;
}

/** The import graph with repo-relative paths, as the layer rules name them. */
function relativeGraph(): Map<string, string[]> {
  const rel = (file: string) => relative(repoRoot, file).split('\\').join('/');
  return new Map([...importGraph()].map(([file, targets]) => [rel(file), targets.map(rel)]));
}

describe('layers', () => {
  it('every source file belongs to a layer', () => {
    const unplaced = [...relativeGraph().keys()].filter((file) => layerOf(file) === -1);
    expect(unplaced).toEqual([]);
  });

  it('no import goes up the layer order of ARCHITECTURE.md', () => {
    expect(layerViolations(relativeGraph())).toEqual([]);
  });

  it('no two folders import each other, directly or round about', () => {
    const cycle = findCycle(folderGraph(relativeGraph()));
    expect(cycle).toBeNull();
  });

  it('finds a planted upward import and a planted folder cycle', () => {
    const planted = new Map([
      ['src/projections/turns.ts', ['src/jobs/notes/notesRun.ts']],
      ['src/jobs/notes/notesRun.ts', ['src/jobs/extraction/x.ts']],
      ['src/jobs/extraction/x.ts', ['src/jobs/notes/y.ts']],
    ]);
    expect(layerViolations(planted)).toEqual(['src/projections/turns.ts (projections) imports src/jobs/notes/notesRun.ts (jobs)']);
    expect(findCycle(folderGraph(planted))).toEqual(['src/jobs/notes', 'src/jobs/extraction', 'src/jobs/notes']);
  });

  it('a longer prefix decides: the model adapters sit above the port they implement', () => {
    expect(LAYERS[layerOf('src/model/offline/offlineModel.ts')]?.name).toBe('model adapters');
    expect(LAYERS[layerOf('src/model/port.ts')]?.name).toBe('model port');
    expect(layerOf('src/elsewhere/x.ts')).toBe(-1);
  });
});

describe('module structure', () => {
  it('has no import cycles in src/', () => {
    const cycle = findCycle(importGraph());
    expect(cycle?.map((file) => relative(repoRoot, file)) ?? null).toBeNull();
  });

  it('the cycle check finds a planted cycle', () => {
    const graph = new Map([
      ['a', ['b']],
      ['b', ['c']],
      ['c', ['a']],
    ]);
    expect(findCycle(graph)).toEqual(['a', 'b', 'c', 'a']);
  });

  it('every relative import resolves to a file that exists', () => {
    const files = new Set(sourceFiles(src));
    for (const [file, targets] of importGraph()) {
      for (const target of targets)
        expect(files.has(target), `${relative(repoRoot, file)} imports ${relative(repoRoot, target)}`).toBe(true);
    }
  });
});
