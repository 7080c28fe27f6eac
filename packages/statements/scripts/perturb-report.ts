// Pass rate of the parser on seeded layout perturbations of the text fixtures, per perturbation.
//   npm exec -- node packages/statements/scripts/perturb-report.ts [SINGLE_SEEDS] [MIXES] [-v]
import { cases, check } from '../test/perturb/cases.ts';
import { KINDS } from '../test/perturb/perturb.ts';

const [single = '3', mixes = '12'] = process.argv.slice(2).filter((a) => !a.startsWith('-'));
const outcomes = cases(Number(single), Number(mixes)).map(check);
const pass = outcomes.filter((o) => o.ok).length;
console.log(`all: ${pass}/${outcomes.length} (${((100 * pass) / outcomes.length).toFixed(1)}%)`);
for (const k of KINDS) {
  const mine = outcomes.filter((o) => o.case.kinds.includes(k));
  const alone = mine.filter((o) => o.case.kinds.length === 1);
  console.log(
    `${k.padEnd(14)} alone ${alone.filter((o) => o.ok).length}/${alone.length}  with others ${mine.filter((o) => o.ok).length}/${mine.length}`,
  );
}
if (process.argv.includes('-v'))
  for (const o of outcomes.filter((x) => !x.ok)) console.log(`FAIL ${o.case.name}: ${o.detail}`);
