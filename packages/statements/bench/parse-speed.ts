// node packages/statements/bench/parse-speed.ts [--against DIR] [--runs N]
// Time of parseStatement alone (the part of a read that runs on one reader after every page is
// in: issue 19) on text statements of 56 and 500 pages, read once beforehand. The machine is shared
// and its speed drifts by a third within a minute, so a change is judged against another copy of
// the sources loaded into the same process (`--against DIR`, a directory holding a `src` tree inside
// this package, so that it finds the same dependencies; .base is ignored by git:
//   mkdir -p packages/statements/.base && git archive HEAD~1:packages/statements src | tar -x -C packages/statements/.base
//   node packages/statements/bench/parse-speed.ts --against packages/statements/.base
// ): the two parse in turns, and the median of each turn's ratio is printed, which drift does not move.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { parseStatement } from '../src/parse/index.ts';
import { readDocument } from '../src/read/index.ts';
import type { SourceDocument } from '../src/source.ts';
import { makeStatement } from '../test/extract/make-statement.ts';

const { values } = parseArgs({ options: { against: { type: 'string' }, runs: { type: 'string' } } });
type Parse = (doc: SourceDocument) => unknown;
const other: Parse | null = values.against
  ? ((await import(path.resolve(values.against, 'src/parse/index.ts'))) as { parseStatement: Parse })
      .parseStatement
  : null;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1]!;
const time = (parse: Parse, doc: SourceDocument) => {
  const t = performance.now();
  parse(doc);
  return performance.now() - t;
};

const dir = mkdtempSync(path.join(os.tmpdir(), 'bahi-parse-speed-'));
try {
  for (const pages of [56, 500]) {
    const file = path.join(dir, `statement-${pages}.pdf`);
    await makeStatement(file, pages, pages);
    const { doc } = await readDocument(new Uint8Array(readFileSync(file)));
    const runs = Number(values.runs ?? (pages >= 500 ? 8 : 40));
    // the first runs compile the parser: timed apart, then left out
    const first = time(parseStatement, doc);
    const warmUp = Math.min(5, runs >> 2);
    const ours: number[] = [];
    const theirs: number[] = [];
    for (let i = 0; i < runs; i++) {
      // in turns, each first every other time
      const pair = i % 2 && other ? [time(other, doc), time(parseStatement, doc)] : null;
      const a = pair ? pair[1]! : time(parseStatement, doc);
      const b = pair ? pair[0]! : other ? time(other, doc) : NaN;
      if (i < warmUp) continue;
      ours.push(a);
      theirs.push(b);
    }
    let text = `${pages} pages: first parse ${first.toFixed(0)} ms, then median ${median(ours).toFixed(1)} ms`;
    if (other)
      text += `; ${values.against}: median ${median(theirs).toFixed(1)} ms; this tree / that, median of turns ${median(ours.map((a, i) => a / theirs[i]!)).toFixed(3)}`;
    process.stdout.write(text + '\n');
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
