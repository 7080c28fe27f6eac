// The fuzz run in CI (issue 37): a few hundred mutants of the corpora through the reader pool with
// the server's settings; none may end in an unexpected reader exception, an error that is not a
// StatementError, or a read past the watchdog. `npm run fuzz -w @bahi/server` runs 10,000.
// BAHI_FUZZ_COUNT sets the number here (default 240). `npm run fuzz` (report.ts) also reads each
// text file of the corpora grown to 124,000 rows (GROWN_ROWS) (before issue 37 those threw RangeError
// in the reader: INTERNAL); this test does not (each costs a reader ~25 s).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { needsCorpus } from '../helpers/shared.ts';
import { fuzz } from './run.ts';

const COUNT = Number(process.env.BAHI_FUZZ_COUNT ?? 240);

test(
  `${COUNT} mutants of the corpora: each read or refused with a reason, within the watchdog`,
  needsCorpus,
  async () => {
    const report = await fuzz({ count: COUNT });
    assert.equal(report.outcomes.length, COUNT);
    assert.deepEqual(
      report.findings.map((f) => `seed ${f.seed} ${f.file} [${f.mutations.join(', ')}]: ${f.finding}`),
      [],
    );
    // the mutants reach the readers rather than all stopping at the door
    assert.ok((report.byCode.read ?? 0) > COUNT / 10, JSON.stringify(report.byCode));
  },
);
