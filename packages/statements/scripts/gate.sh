#!/usr/bin/env bash
# The reader's gate: every report a change to the reader must leave line for line as it was (or
# better), run from the repository root with ../shared beside it. Run it on the base and on the
# change (two worktrees side by side), then diff the two directories, times aside:
#   bash packages/statements/scripts/gate.sh /tmp/gate-base     # in a worktree of the base
#   bash packages/statements/scripts/gate.sh /tmp/gate-change   # in a worktree of the change
#   for f in /tmp/gate-base/*.txt; do diff <(sed -E 's/ in [0-9.]+ ?m?s//g' "$f") \
#     <(sed -E 's/ in [0-9.]+ ?m?s//g' "/tmp/gate-change/$(basename "$f")"); done
# About 10 minutes on 2 idle cores. Seeds outside the gate: pdf-variants-report.ts 20 SEED -v [--flat].
set -u
OUT=${1:?usage: gate.sh OUTDIR}
mkdir -p "$OUT"
export PATH=$PWD/node_modules/.bin:$PATH
CMD='npm run --silent bahi -- parse {file} --password {password} --format json'
node ../shared/tools/score.mjs --dir ../shared/corpus-real --timeout 120 --cmd "$CMD" > "$OUT/real.txt" 2>&1
node ../shared/tools/score.mjs --dir ../shared/corpus --timeout 120 --cmd "$CMD" > "$OUT/corpus.txt" 2>&1
for s in 1 29001 55001 101001 77001 150001 21001; do
  node packages/statements/scripts/pdf-variants-report.ts 20 "$s" > "$OUT/seed-$s.txt" 2>&1
done
for s in 1 21001 77001; do
  node packages/statements/scripts/pdf-variants-report.ts 20 "$s" --flat > "$OUT/flat-$s.txt" 2>&1
done
node packages/statements/scripts/perturb-report.ts 3 12 > "$OUT/perturb.txt" 2>&1
node packages/statements/scripts/real-sheets-report.ts 1 3 > "$OUT/sheets.txt" 2>&1
echo done > "$OUT/done"
