// Parses corpus files with the fixture loader and writes truth-shaped JSON beside a scratch dir,
// for scoring with ../shared/tools/score.mjs.
//   npm exec -- node packages/statements/scripts/parse-corpus.ts OUTDIR [FILTER]
import { mkdir, readFile, readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parseStatement, toTruthJson } from '../src/parse/index.ts';
import { loadSource } from '../test/parse/load-source.ts';

const [out = '/tmp/parsed', filter = ''] = process.argv.slice(2);
const corpus = path.resolve(import.meta.dirname, '../../../../shared/corpus');
await mkdir(out, { recursive: true });
for (const bank of (await readdir(corpus, { withFileTypes: true })).filter((d) => d.isDirectory())) {
  for (const f of await readdir(path.join(corpus, bank.name))) {
    if (!f.endsWith('.truth.json') || !f.includes(filter)) continue;
    const truth = JSON.parse(await readFile(path.join(corpus, bank.name, f), 'utf8'));
    if (!['pdf', 'xlsx', 'rpt'].includes(truth.format)) continue;
    const doc = await loadSource(path.join(corpus, bank.name, truth.file), truth.password);
    const t0 = performance.now();
    const result = parseStatement(doc);
    const ms = performance.now() - t0;
    await writeFile(
      path.join(out, f.replace('.truth.json', '.json')),
      JSON.stringify(toTruthJson(result), null, 1),
    );
    const rec = result.accounts.map((a) => a.reconciliation.message).join(' | ');
    console.log(
      `${truth.file.padEnd(36)} ${String(result.accounts.reduce((n, a) => n + a.transactions.length, 0)).padStart(4)} ${ms.toFixed(1).padStart(7)}ms ${result.bank} ${rec} issues=${result.issues.length}`,
    );
  }
}
