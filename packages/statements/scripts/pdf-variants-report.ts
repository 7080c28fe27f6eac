// Pass rate of the reader + parser on PDF layout variants drawn from the corpus truths.
//   npm exec -- node packages/statements/scripts/pdf-variants-report.ts [PER_BANK] [FIRST_SEED] [-v] [--out=DIR] [--flat]
// --flat draws every variant as text set one space apart (flatRecipe).
// --out writes each failing variant's PDF to DIR (for scripts/lines.ts).
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { checkPdf, describe, pdfCases, scoreOf } from '../test/perturb/pdf-cases.ts';
import { CLASSES, classOf, renderStatement } from '../test/perturb/pdf-recipe.ts';
import { cleanRead } from '../test/perturb/judge.ts';

const [perBank = '12', first = '1'] = process.argv.slice(2).filter((a) => !a.startsWith('-'));
const outDir = process.argv.find((a) => a.startsWith('--out='))?.slice(6);
const started = performance.now();
const outcomes = [];
for (const c of pdfCases(Number(perBank), Number(first), { flat: process.argv.includes('--flat') }))
  outcomes.push(await checkPdf(c));
const pass = outcomes.filter((o) => o.ok).length;
console.log(
  `all: ${pass}/${outcomes.length} (${((100 * pass) / outcomes.length).toFixed(1)}%) in ${((performance.now() - started) / 1000).toFixed(1)} s`,
);
for (const bank of [...new Set(outcomes.map((o) => o.case.bank))]) {
  const mine = outcomes.filter((o) => o.case.bank === bank);
  console.log(`${bank.padEnd(12)} ${mine.filter((o) => o.ok).length}/${mine.length}`);
}
// rows read exactly (date, amounts, balance), per class of what real statements do
const rows = outcomes.map((o) => {
  const s = scoreOf(o);
  return {
    o,
    expected: o.case.truth.transactions.length,
    matched: s?.matched ?? 0,
    wrong: s ? s.found - s.matched : 0,
    // a read the command line would end with exit 0 (every account reconciles, no line left
    // unread, no page lost) with a row missing or wrong: a false success, the worst outcome (a
    // narration read short is a lesser fault: the money is right)
    vouched: s !== null && (s.matched < s.expected || s.found > s.matched) && cleanRead(o.result!),
  };
});
const line = (name: string, list: typeof rows) => {
  const e = list.reduce((n, r) => n + r.expected, 0);
  const m = list.reduce((n, r) => n + r.matched, 0);
  const w = list.reduce((n, r) => n + r.wrong, 0);
  const exact = list.filter((r) => r.o.ok).length;
  const vouched = list.filter((r) => r.vouched).length;
  console.log(
    `${name.padEnd(16)} files ${exact}/${list.length} exact; rows ${m}/${e} (${((100 * m) / Math.max(e, 1)).toFixed(2)}%), wrong rows ${w}, false successes ${vouched}`,
  );
};
line('every variant', rows);
for (const k of CLASSES)
  line(
    k,
    rows.filter((r) => classOf(r.o.case.recipe, k)),
  );
line(
  'known headings',
  rows.filter((r) => !r.o.case.recipe.unknownHeadings),
);
if (process.argv.includes('-v'))
  for (const r of rows.filter((x) => !x.o.ok))
    console.log(
      `FAIL${r.vouched ? ' (FALSE SUCCESS)' : ''} ${r.o.case.name}: ${r.o.detail}\n     ${describe(r.o.case.recipe)}`,
    );
if (outDir)
  for (const o of outcomes.filter((x) => !x.ok))
    writeFileSync(
      path.join(outDir, `${o.case.name.replace(/\W+/g, '_')}.pdf`),
      await renderStatement(o.case.truth, o.case.recipe),
    );
