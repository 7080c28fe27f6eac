// What the server's thread ran in its long slices (issue 38): reads the --cpu-prof profile and the
// slices.json that `BENCH_CPU_PROF=DIR node bench/api-latency-bench.ts` leave in DIR, and prints,
// for each slice over 20 ms of the thread's CPU (longest first), the functions its profile samples
// were in: their own time and the time under them. Only the samples inside a slice count, so a
// thread that merely waited for a core elsewhere adds nothing.
//   node bench/profile-slices.ts DIR [how many=10]
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

interface Frame {
  functionName: string;
  url: string;
  lineNumber: number;
}
interface ProfileNode {
  id: number;
  callFrame: Frame;
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  startTime: number;
  samples: number[];
  timeDeltas: number[];
}
type Slice = { fromUs: number; toUs: number; cpuMs: number };

const dir = process.argv[2];
if (!dir) throw new Error('usage: node bench/profile-slices.ts DIR [how many]');
const shown = Number(process.argv[3] ?? 10);
const slices = (JSON.parse(readFileSync(path.join(dir, 'slices.json'), 'utf8')) as Slice[]).sort(
  (a, b) => b.cpuMs - a.cpuMs,
);
// the server's main thread writes the first profile (a database thread, if any, the next ones)
const file = readdirSync(dir)
  .filter((f) => f.endsWith('.cpuprofile'))
  .sort()[0];
if (!file) throw new Error(`no .cpuprofile in ${dir}`);
const profile = JSON.parse(readFileSync(path.join(dir, file), 'utf8')) as Profile;

const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const parentOf = new Map<number, number>();
for (const n of profile.nodes) for (const c of n.children ?? []) parentOf.set(c, n.id);
const nameOf = (f: Frame) =>
  `${f.functionName || '(anonymous)'} ${f.url.split('/').slice(-2).join('/')}:${f.lineNumber + 1}`;
const stackOf = (id: number): string[] => {
  const names: string[] = [];
  for (let at: number | undefined = id; at !== undefined; at = parentOf.get(at))
    names.push(nameOf(byId.get(at)!.callFrame));
  return names;
};

// each sample's time: from its timestamp to the next one's
const times: number[] = [];
let t = profile.startTime;
for (const d of profile.timeDeltas) times.push((t += d));

const top = (m: Map<string, number>, n: number) =>
  [...m]
    .sort((a, b) => b[1] - a[1])
    .slice(0, n)
    .map(([k, us]) => `    ${(us / 1000).toFixed(1).padStart(6)} ms  ${k}`)
    .join('\n');

// the thread's garbage collections (bench-server.ts writes them beside the slices)
type Gc = { atUs: number; ms: number; kind: number; flags?: number };
const gcFile = path.join(dir, 'slices-gc.json');
const gcs: Gc[] = existsSync(gcFile) ? (JSON.parse(readFileSync(gcFile, 'utf8')) as Gc[]) : [];
const gcKind = (k: number) =>
  ({ 1: 'minor', 2: 'major', 4: 'major', 8: 'incremental', 16: 'weak callbacks' })[k] ?? `kind ${k}`;
const gcIn = (s: Slice) =>
  gcs
    .filter((g) => g.atUs < s.toUs && g.atUs + g.ms * 1000 > s.fromUs)
    .map((g) => `${gcKind(g.kind)}${g.flags ? ` (flags ${g.flags})` : ''} ${g.ms.toFixed(1)} ms`)
    .join(', ') || 'none';
const inGc = slices.filter((s) =>
  gcs.some((g) => g.atUs < s.toUs && g.atUs + g.ms * 1000 > s.fromUs && g.ms > s.cpuMs / 2),
);
process.stdout.write(
  `${slices.length} slices logged; ${inGc.length} of them more than half one collection (${gcs.length} collections noted)\n`,
);

for (const s of slices.slice(0, shown)) {
  const self = new Map<string, number>();
  const under = new Map<string, number>();
  for (let i = 0; i < profile.samples.length - 1; i++) {
    if (times[i]! < s.fromUs || times[i]! >= s.toUs) continue;
    const us = times[i + 1]! - times[i]!;
    const stack = stackOf(profile.samples[i]!);
    if (stack[0]!.startsWith('(idle)')) continue;
    self.set(stack[0]!, (self.get(stack[0]!) ?? 0) + us);
    for (const name of new Set(stack.slice(1)))
      if (!name.startsWith('(root)')) under.set(name, (under.get(name) ?? 0) + us);
  }
  process.stdout.write(
    `\n${s.cpuMs.toFixed(1)} ms of CPU in ${((s.toUs - s.fromUs) / 1000).toFixed(1)} ms, ` +
      `${((s.fromUs - profile.startTime) / 1e6).toFixed(2)} s into the profile; collections: ${gcIn(s)}\n  own time:\n${top(self, 6)}\n  under:\n${top(under, 14)}\n`,
  );
}
