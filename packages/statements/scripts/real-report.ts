// One line per real statement (../shared/corpus-real): rows found/matched against the truth, the
// scorer's chain check, our own reconciliation (ok, breaks, checked balances, message), bank named.
//   node scripts/real-report.ts [FILTER]
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseStatement, readDocument, toTruthJson } from '../src/index.ts';
import { CORPUS_REAL as dir, score } from '../test/shared-corpus.ts';

const filter = process.argv[2] ?? '';
const manifest: { files: { file: string; truth: string; bank: string; password: string | null }[] } =
  JSON.parse(readFileSync(path.join(dir, 'manifest.json'), 'utf8'));
for (const f of manifest.files) {
  if (!f.file.includes(filter)) continue;
  const truth = JSON.parse(readFileSync(path.join(dir, f.truth), 'utf8'));
  try {
    const read = await readDocument(new Uint8Array(readFileSync(path.join(dir, f.file))), {
      password: f.password ?? undefined,
      fileName: f.file,
      ocr: false,
    });
    const result = parseStatement(read.doc);
    const s = score(truth, toTruthJson(result), f.file);
    const rec = result.accounts.map((a) => a.reconciliation);
    console.log(
      [
        f.file.padEnd(48),
        `${s.matched}/${s.expected} found ${s.found}`,
        `chain ${s.balanceOk ? 'ok' : 'NO'}`,
        `rec ${rec.map((r) => `${r.ok ? 'ok' : 'NO'} b${r.breaks.length} c${r.checkedBalances}`).join(',')}`,
        `bank ${result.bank ?? '-'}/${f.bank} ${result.detection.name ?? ''}`,
        rec.map((r) => r.message).join(' | '),
        result.issues
          .map((i) => i.kind + ':' + i.message)
          .join(' | ')
          .slice(0, 300),
      ].join('  '),
    );
  } catch (e) {
    console.log(f.file.padEnd(48), 'THROWS', (e as Error).message.slice(0, 200));
  }
}
