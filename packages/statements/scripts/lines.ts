// Debug tool: print a corpus file's words grouped into rough lines with x positions.
//   npm exec -- node packages/statements/scripts/lines.ts FILE [PASSWORD] [PAGE]
import { loadSource } from '../test/parse/load-source.ts';

const [file, password, pageArg] = process.argv.slice(2);
const doc = await loadSource(file!, password);
if (doc.kind === 'pages') {
  for (const p of doc.pages) {
    if (pageArg && Number(pageArg) !== p.number) continue;
    console.log(`=== page ${p.number} ${p.width}x${p.height}`);
    const ws = [...p.words].sort((a, b) => a.y - b.y || a.x - b.x);
    let cur: typeof ws = [];
    const flush = () => {
      if (cur.length)
        console.log(
          `${cur[0]!.y.toFixed(1).padStart(6)} ` +
            cur
              .sort((a, b) => a.x - b.x)
              .map((w) => `[${w.x.toFixed(0)}-${(w.x + w.width).toFixed(0)}]${w.text}`)
              .join(' '),
        );
      cur = [];
    };
    for (const w of ws) {
      if (cur.length && Math.abs(w.y - cur[0]!.y) > 2) flush();
      cur.push(w);
    }
    flush();
  }
} else if (doc.kind === 'sheets') {
  for (const s of doc.sheets) {
    console.log(`=== sheet ${s.name}`);
    s.rows.forEach((r, i) => console.log(i, JSON.stringify(r)));
  }
} else {
  doc.lines.forEach((l, i) => console.log(String(i).padStart(4), l));
}
