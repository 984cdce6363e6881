// `node bench/cpu-profile.ts FILE.cpuprofile [--top 30] [--from S] [--to S]`: a V8 CPU profile (node --cpu-prof)
// summed per function: self time and inclusive time (a function counted once per sample however deep it recurses),
// the largest first (`--columns`: told apart by column too, for minified code). `--from`/`--to` keep the samples between those seconds of the profile.
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  startTime: number;
  endTime: number;
  samples: number[];
  timeDeltas: number[];
}

const { values: args, positionals } = parseArgs({
  allowPositionals: true,
  options: { top: { type: 'string', default: '30' }, from: { type: 'string' }, to: { type: 'string' }, columns: { type: 'boolean' } },
});
const profile = JSON.parse(readFileSync(positionals[0]!, 'utf8')) as Profile;
const parent = new Map<number, number>();
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);

const label = (n: ProfileNode) => {
  const url = n.callFrame.url.replace(/^.*\/(node_modules|\.next)\//, '$1/').replace(/^file:\/\/.*\/wt-[^/]+\//, '');
  const column = args.columns ? `:${n.callFrame.columnNumber + 1}` : '';
  return `${n.callFrame.functionName || '(anonymous)'} ${url}:${n.callFrame.lineNumber + 1}${column}`;
};

const self = new Map<string, number>();
const inclusive = new Map<string, number>();
const from = args.from ? Number(args.from) * 1e6 : -Infinity;
const to = args.to ? Number(args.to) * 1e6 : Infinity;
let t = 0;
let total = 0;
for (let i = 0; i < profile.samples.length; i++) {
  t += profile.timeDeltas[i]!;
  if (t < from || t > to) continue;
  const dt = profile.timeDeltas[i + 1] ?? 0;
  total += dt;
  let id: number | undefined = profile.samples[i]!;
  const leaf = label(byId.get(id)!);
  self.set(leaf, (self.get(leaf) ?? 0) + dt);
  const seen = new Set<string>();
  for (; id !== undefined; id = parent.get(id)) {
    const name = label(byId.get(id)!);
    if (seen.has(name)) continue;
    seen.add(name);
    inclusive.set(name, (inclusive.get(name) ?? 0) + dt);
  }
}

const top = Number(args.top);
const print = (title: string, m: Map<string, number>) => {
  console.log(`\n${title} (of ${(total / 1e6).toFixed(1)} s sampled)`);
  for (const [name, us] of [...m.entries()].sort((a, b) => b[1] - a[1]).slice(0, top))
    console.log(`${(us / 1e6).toFixed(2).padStart(8)} s ${((100 * us) / total).toFixed(1).padStart(5)} %  ${name}`);
};
print('self time', self);
print('inclusive time', inclusive);
