// Reads a V8 CPU profile (node --cpu-prof) and says where the time went: self time by package or
// source folder and by function, and inclusive time by function.
import { readFileSync } from 'node:fs';

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
  readonly totalMs: number;
  readonly selfByPackage: [string, number][];
  readonly selfByFunction: [string, number][];
  readonly inclusive: [string, number][];
}

export function summariseProfile(file: string): ProfileSummary {
  const profile = JSON.parse(readFileSync(file, 'utf8')) as CpuProfile;
  const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const child of n.children ?? []) parent.set(child, n.id);
  const self = new Map<number, number>();
  let total = 0;
  profile.samples.forEach((id, i) => {
    const dt = profile.timeDeltas[i] ?? 0;
    self.set(id, (self.get(id) ?? 0) + dt);
    total += dt;
  });
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
    totalMs: total / 1_000,
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
  console.log(`\n${file}: ${(summary.totalMs / 1_000).toFixed(1)} s sampled`);
  console.log(`-- self time by package or folder\n${lines(summary.selfByPackage)}`);
  console.log(`-- self time by function\n${lines(summary.selfByFunction)}`);
  console.log(`-- inclusive time by function\n${lines(summary.inclusive.slice(0, top * 2))}`);
}
