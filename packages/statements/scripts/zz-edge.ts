// does the flattened sheet's edge (a sliver of desk) cost the page's rows? read as it is, and with a border cleared
import { createCanvas, loadImage } from '@napi-rs/canvas';
import { seededRng } from '@bahi/core';
const sb = await import('../test/ocr/scan-bench.ts');
const { renderStatement } = await import('../test/perturb/pdf-recipe.ts');
const { flattenSheet } = await import('../src/scan/sheet.ts');
const { greyFromRgba } = await import('../src/scan/grey.ts');
const { ocrGrey, closeOcr } = await import('../src/read/ocr.ts');
const [cls, bank, seed, pg, band] = process.argv.slice(2);
const c = sb.scanCases(6, [cls]).find((k: any) => k.name.includes(bank) && k.name.includes(seed));
const { readFileSync } = await import('node:fs');
const { getDocument, pdfWorker } = await import('../src/read/pdfjs.ts');
const { renderForOcr, ocrDpi } = await import('../src/read/pdf.ts');
const file = `/tmp/s16/scans/pdf6/${c.name.replace(/\W+/g, '_')}.pdf`;
const doc = await getDocument({ data: new Uint8Array(readFileSync(file)), worker: pdfWorker(), verbosity: 0, isOffscreenCanvasSupported: false }).promise;
const page = await doc.getPage(Number(pg));
const vp = page.getViewport({ scale: 1 });
const dpiR = ocrDpi(vp.width, vp.height);
const cv = await renderForOcr(page, dpiR);
const w = cv.width, h = cv.height;
const g = greyFromRgba(cv.getContext('2d').getImageData(0, 0, w, h).data, w, h);
c.dpi = dpiR;
const show = (r: any) => { const rows = new Map<number, string[]>(); for (const wd of r.words) { const k = Math.round(wd.y / 6); rows.set(k, [...(rows.get(k) ?? []), wd.text]); } for (const [k, t] of [...rows].sort((a, b) => a[0] - b[0])) console.log('   ', k * 6, t.join(' ').slice(0, 150)); };
console.log('as read'); show(await ocrGrey(g, 72 / c.dpi, { preview: false }));
const sheet = flattenSheet(g).grey;
const b = Number(band ?? 6);
const out = sheet.data;
const W2 = sheet.width, H2 = sheet.height;
for (let y = 0; y < H2; y++) for (let x = 0; x < W2; x++) {
  if (x >= b && x < W2 - b && y >= b && y < H2 - b) continue;
  const cx = Math.min(W2 - 1 - b, Math.max(b, x)), cy = Math.min(H2 - 1 - b, Math.max(b, y));
  out[y * W2 + x] = out[cy * W2 + cx]!;
}
console.log('edge cleared', b); show(await ocrGrey(sheet, 72 / c.dpi, { preview: false, flatten: false }));
await closeOcr();
