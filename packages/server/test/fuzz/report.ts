// npm run fuzz -w @bahi/server -- [--count 10000] [--from 1] [--concurrency 2] [--save DIR]
// The fuzz report of issue 37: mutants of ../shared/corpus and corpus-real through the reader pool
// with the server's settings. Prints the outcomes by code, the slowest mutants and every finding
// (with its seed: `--from SEED --count 1` makes it again; `--save DIR` writes the findings' bytes).
// Exits 1 when there is a finding.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { fuzz, mutantOf } from './run.ts';

const { values } = parseArgs({
  options: {
    count: { type: 'string' },
    from: { type: 'string' },
    concurrency: { type: 'string' },
    save: { type: 'string' },
  },
});
const count = Number(values.count ?? 10_000);
const started = Date.now();
let done = 0;
const report = await fuzz({
  count,
  from: Number(values.from ?? 1),
  concurrency: Number(values.concurrency ?? 2),
  grown: true,
  onOutcome: (o) => {
    done++;
    if (o.finding)
      process.stdout.write(`FINDING seed ${o.seed} ${o.file} [${o.mutations.join(', ')}]: ${o.finding}\n`);
    if (done % 250 === 0)
      process.stderr.write(`${done}/${count} in ${Math.round((Date.now() - started) / 1000)} s\n`);
  },
});
const slowest = [...report.outcomes].sort((a, b) => b.ms - a.ms).slice(0, 5);
process.stdout.write(
  [
    `${report.outcomes.length} mutants in ${Math.round((Date.now() - started) / 1000)} s`,
    `outcomes: ${JSON.stringify(report.byCode)}`,
    `slowest: ${slowest.map((o) => `seed ${o.seed} ${o.file} ${o.ms} ms ${o.code}`).join('; ')}`,
    `findings: ${report.findings.length}`,
    '',
  ].join('\n'),
);
if (values.save && report.findings.length) {
  mkdirSync(values.save, { recursive: true });
  for (const f of report.findings)
    writeFileSync(path.join(values.save, `seed-${f.seed}-${path.basename(f.file)}`), mutantOf(f.seed).bytes);
}
process.exit(report.findings.length ? 1 : 0);
