/**
 * The layers of ARCHITECTURE.md, lowest first. A file may import its own layer or a lower one,
 * never a higher one; a path belongs to the layer of its longest matching prefix. A new folder
 * must be placed here before its code can be imported, so the order is a decision, not drift.
 */
export const LAYERS: readonly { readonly name: string; readonly paths: readonly string[] }[] = [
  { name: 'base', paths: ['src/errors.ts', 'src/fs/', 'src/secrets/'] },
  { name: 'log', paths: ['src/transcript/'] },
  { name: 'projections', paths: ['src/projections/'] },
  { name: 'views', paths: ['src/resume/'] },
  { name: 'decisions', paths: ['src/pipeline/'] },
  { name: 'stores', paths: ['src/memory/durable/', 'src/memory/session/', 'src/memory/team/', 'src/search/', 'src/catalog/'] },
  { name: 'model port', paths: ['src/model/'] },
  { name: 'planners', paths: ['src/compaction/', 'src/context/', 'src/consolidation/'] },
  {
    name: 'model adapters',
    paths: ['src/model/anthropic/', 'src/model/offline/', 'src/model/cassette/', 'src/model/claudeCode/', 'src/model/openaiCompatible/'],
  },
  { name: 'jobs', paths: ['src/jobs/', 'src/archive/', 'src/audit/'] },
  { name: 'apps', paths: ['src/report/', 'src/inspect/', 'src/memory/team/server/', 'src/mcp/'] },
  { name: 'surface', paths: ['src/cli/', 'src/testing/', 'src/index.ts'] },
];

/** The layer index of a repo-relative source path, or -1 when no layer claims it. */
export function layerOf(path: string): number {
  let best = -1;
  let bestLength = -1;
  LAYERS.forEach((layer, index) => {
    for (const prefix of layer.paths) {
      const matches = prefix.endsWith('/') ? path.startsWith(prefix) : path === prefix;
      if (matches && prefix.length > bestLength) {
        best = index;
        bestLength = prefix.length;
      }
    }
  });
  return best;
}

/** Imports that go up the layer order, as readable lines. */
export function layerViolations(graph: ReadonlyMap<string, readonly string[]>): string[] {
  const violations: string[] = [];
  for (const [file, targets] of graph) {
    const from = layerOf(file);
    for (const target of targets) {
      const to = layerOf(target);
      if (to > from) violations.push(`${file} (${LAYERS[from]?.name ?? 'no layer'}) imports ${target} (${LAYERS[to]?.name ?? 'no layer'})`);
    }
  }
  return violations;
}

/**
 * The folder graph: an edge a → b when a file directly in folder a imports one directly in
 * folder b. The two files at the top of src/ (errors.ts at the bottom of the order, index.ts at
 * the top) are nodes of their own: as one folder they would look like a cycle that is not one.
 */
export function folderGraph(graph: ReadonlyMap<string, readonly string[]>): Map<string, string[]> {
  const folders = new Map<string, Set<string>>();
  const folderOf = (path: string) => (path.lastIndexOf('/') === 'src'.length ? path : path.slice(0, path.lastIndexOf('/')));
  for (const [file, targets] of graph) {
    const from = folderOf(file);
    const edges = folders.get(from) ?? new Set<string>();
    folders.set(from, edges);
    for (const target of targets) if (folderOf(target) !== from) edges.add(folderOf(target));
  }
  return new Map([...folders].map(([folder, edges]) => [folder, [...edges].sort()]));
}
