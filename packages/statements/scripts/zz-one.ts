// one saved bench PDF read again and scored (scratch): zz-one.ts NAME_FILTER [OUTDOC]
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { parseStatement, readDocument } from '../src/index.ts';
import { closeOcr } from '../src/read/ocr.ts';
import { classRow, scoreRead } from './scan-score.ts';
const [filter, out] = process.argv.slice(2);
for (const f of readdirSync('/tmp/s16/scans/docs6').filter((f) => f.includes(filter!))) {
  const saved = JSON.parse(readFileSync(`/tmp/s16/scans/docs6/${f}`, 'utf8'));
  const pdf = new Uint8Array(readFileSync(`/tmp/s16/scans/pdf6/${f.replace('.doc.json', '.pdf')}`));
  const t0 = performance.now();
  const read = await readDocument(pdf, { preview: false });
  if (out) writeFileSync(out, JSON.stringify({ ...saved, doc: read.doc }));
  console.log(f, scoreRead(classRow('photo'), saved.truth, parseStatement(read.doc)), ((performance.now() - t0) / 1000).toFixed(1), 's');
}
await closeOcr();
