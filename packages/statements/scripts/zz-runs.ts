import { readFileSync } from 'node:fs';
import { documentLines } from '../src/parse/lines.ts';
import { readDocument } from '../src/read/index.ts';
const { doc } = await readDocument(readFileSync(process.argv[2]!), { ocr: false });
const re = process.argv[3] ? new RegExp(process.argv[3]) : null;
for (const [i, l] of documentLines(doc).entries())
  if (re ? re.test(l.text) : i < 20) console.log(l.page, l.y.toFixed(1), l.runs.map((r) => `[${r.x0.toFixed(0)}-${r.x1.toFixed(0)}]${r.text}`).join(' '));
