// Reads a V8 CPU profile (node --cpu-prof) and says where the time went: self time by package or
// source folder and by function, and inclusive time by function; or a sampled heap profile
// (.heapprofile), and says the same of the bytes allocated.
import { readFileSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}

interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

const packageOf = (url: string, functionName: string) => {
  if (!url) return functionName;
  const dependency = /node_modules\/((@[^/]+\/)?[^/]+)/.exec(url);
  if (dependency) return dependency[1]!;
  if (url.startsWith('node:')) return url;
  return url
    .replace(/^.*?\/(backend|projections|event-schemas|test|scripts)\//, '$1/')
    .split('/')
    .slice(0, 3)
    .join('/');
};

const nameOf = (node: ProfileNode) =>
  `${node.callFrame.functionName || '(anonymous)'} ${node.callFrame.url
    .replace(/^.*node_modules\//, '')
    .replace(
      /^.*?\/(backend|projections|event-schemas|test|scripts)\//,
      '$1/',
    )}:${node.callFrame.lineNumber + 1}`;

export interface ProfileSummary {
  /** µs sampled for a CPU profile, bytes allocated for a heap profile. */
  readonly total: number;
  readonly selfByPackage: [string, number][];
  readonly selfByFunction: [string, number][];
  readonly inclusive: [string, number][];
}

/** A V8 sampled heap profile (HeapProfiler.stopSampling): what each function allocated, in bytes. */
interface HeapNode {
  id: number;
  callFrame: ProfileNode['callFrame'];
  selfSize: number;
  children: HeapNode[];
}

export function summariseProfile(file: string): ProfileSummary {
  const profile = JSON.parse(readFileSync(file, 'utf8')) as CpuProfile | { head: HeapNode };
  if ('head' in profile) {
    const nodes: ProfileNode[] = [];
    const self = new Map<number, number>();
    const walk = (node: HeapNode) => {
      nodes.push({ id: node.id, callFrame: node.callFrame, children: node.children.map((c) => c.id) });
      self.set(node.id, node.selfSize);
      node.children.forEach(walk);
    };
    walk(profile.head);
    return summarise(nodes, self);
  }
  const self = new Map<number, number>();
  profile.samples.forEach((id, i) => self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)));
  return summarise(profile.nodes, self);
}

/** Shares of the whole by package and by function (self), and by function (inclusive). */
function summarise(profileNodes: ProfileNode[], self: Map<number, number>): ProfileSummary {
  const nodes = new Map(profileNodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profileNodes) for (const child of n.children ?? []) parent.set(child, n.id);
  let total = 0;
  for (const t of self.values()) total += t;
  const byPackage = new Map<string, number>();
  const byFunction = new Map<string, number>();
  const inclusive = new Map<string, number>();
  const add = (map: Map<string, number>, key: string, t: number) => map.set(key, (map.get(key) ?? 0) + t);
  for (const [id, t] of self) {
    const node = nodes.get(id)!;
    add(byPackage, packageOf(node.callFrame.url, node.callFrame.functionName), t);
    add(byFunction, nameOf(node), t);
    const seen = new Set<string>();
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      const name = nameOf(nodes.get(at)!);
      if (!seen.has(name)) add(inclusive, name, t);
      seen.add(name);
    }
  }
  const sorted = (map: Map<string, number>) =>
    [...map].sort((a, b) => b[1] - a[1]).map(([k, t]): [string, number] => [k, t / total]);
  return {
    total,
    selfByPackage: sorted(byPackage),
    selfByFunction: sorted(byFunction),
    inclusive: sorted(inclusive),
  };
}

export function printProfile(file: string, top = 25): void {
  const summary = summariseProfile(file);
  const lines = (entries: [string, number][]) =>
    entries
      .slice(0, top)
      .map(([name, share]) => `${(share * 100).toFixed(1).padStart(6)}%  ${name}`)
      .join('\n');
  const heap = file.endsWith('.heapprofile');
  const what = heap ? 'bytes allocated' : 'time';
  console.log(
    `\n${file}: ${heap ? `${(summary.total / 2 ** 20).toFixed(0)} MB allocated` : `${(summary.total / 1e6).toFixed(1)} s sampled`}`,
  );
  console.log(`-- self ${what} by package or folder\n${lines(summary.selfByPackage)}`);
  console.log(`-- self ${what} by function\n${lines(summary.selfByFunction)}`);
  console.log(`-- inclusive ${what} by function\n${lines(summary.inclusive.slice(0, top * 2))}`);
}

/**
 * Starts sampling what this process allocates, the garbage collected since included (V8's sampled
 * heap profile keeps only what is still alive otherwise); the returned function stops and writes it.
 */
export async function sampleAllocations(): Promise<(file: string) => Promise<void>> {
  const session = new Session();
  session.connect();
  await session.post('HeapProfiler.enable');
  await session.post('HeapProfiler.startSampling', {
    samplingInterval: 8192,
    includeObjectsCollectedByMajorGC: true,
    includeObjectsCollectedByMinorGC: true,
  });
  return async (file) => {
    const { profile } = await session.post('HeapProfiler.stopSampling');
    session.disconnect();
    writeFileSync(file, JSON.stringify(profile));
  };
}
