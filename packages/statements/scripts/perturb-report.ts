// Pass rate of the parser on seeded layout perturbations of the text fixtures, per perturbation, and
// on spreadsheet exports drawn from the corpus truths, per variant.
//   npm exec -- node packages/statements/scripts/perturb-report.ts [SINGLE_SEEDS] [MIXES] [-v]
import { cases, check } from '../test/perturb/cases.ts';
import { KINDS } from '../test/perturb/perturb.ts';
import { checkSheet, sheetCases } from '../test/perturb/sheet-cases.ts';
import { SHEET_KINDS } from '../test/perturb/sheet-perturb.ts';

const [single = '3', mixes = '12'] = process.argv.slice(2).filter((a) => !a.startsWith('-'));
const verbose = process.argv.includes('-v');

const outcomes = cases(Number(single), Number(mixes)).map(check);
const pass = outcomes.filter((o) => o.ok).length;
console.log(`pages: ${pass}/${outcomes.length} (${((100 * pass) / outcomes.length).toFixed(1)}%)`);
for (const k of KINDS) {
  const mine = outcomes.filter((o) => o.case.kinds.includes(k));
  const alone = mine.filter((o) => o.case.kinds.length === 1);
  console.log(
    `${k.padEnd(14)} alone ${alone.filter((o) => o.ok).length}/${alone.length}  with others ${mine.filter((o) => o.ok).length}/${mine.length}`,
  );
}
if (verbose) for (const o of outcomes.filter((x) => !x.ok)) console.log(`FAIL ${o.case.name}: ${o.detail}`);

// exports: files exact, rows matched and rows read wrong (read but matching no truth row)
const sheets = sheetCases(Number(single), Number(mixes)).map(checkSheet);
const tally = (xs: typeof sheets) =>
  `files ${xs.filter((o) => o.ok).length}/${xs.length}  rows ${xs.reduce((n, o) => n + o.matched, 0)}/${xs.reduce((n, o) => n + o.rows, 0)}  wrong ${xs.reduce((n, o) => n + o.wrong, 0)}`;
console.log(`\nexports: ${tally(sheets)}`);
for (const k of SHEET_KINDS) {
  const mine = sheets.filter((o) => o.case.kinds.includes(k));
  console.log(
    `${k.padEnd(14)} alone ${tally(mine.filter((o) => o.case.kinds.length === 1))}  with others ${tally(mine)}`,
  );
}
if (verbose) for (const o of sheets.filter((x) => !x.ok)) console.log(`FAIL ${o.case.name}: ${o.detail}`);
