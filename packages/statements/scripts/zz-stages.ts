// a photo case's pages: the corners found against the drawn ones, pictures of each stage
import { writeFileSync } from 'node:fs';
import { createCanvas, loadImage } from '@napi-rs/canvas';
import { seededRng } from '@bahi/core';

const sb = await import("../test/ocr/scan-bench.ts");
const { renderStatement } = await import("../test/perturb/pdf-recipe.ts");
const { flattenSheet } = await import("../src/scan/sheet.ts");
const { greyFromRgba } = await import("../src/scan/grey.ts");
const { prepared, straighten } = await import("../src/read/ocr.ts");
const [cls, bank, seed] = process.argv.slice(2);
const c = sb.scanCases(6, [cls]).find((k: any) => k.name.includes(bank) && k.name.includes(seed));
const text = await renderStatement(c.truth, c.recipe);
const pages = await sb.renderPages(text, c.dpi);
const save = (g: any, f: string) => {
  const cv = createCanvas(g.width, g.height); const ctx = cv.getContext('2d');
  const im = ctx.createImageData(g.width, g.height);
  for (let i = 0; i < g.data.length; i++) { im.data[4*i]=im.data[4*i+1]=im.data[4*i+2]=g.data[i]; im.data[4*i+3]=255; }
  ctx.putImageData(im, 0, 0); writeFileSync(f, cv.toBuffer('image/png'));
};
for (let p = 0; p < pages.length; p++) {
  const page = pages[p];
  const r = seededRng(c.seed * 31 + p + 1);
  const deg = (r() - 0.5) * 3;
  const m = 0.06, j = () => (r() - 0.5) * 0.05;
  const quad = [[m + j() + 0.02, m + j()], [1 - m + j() - 0.02, m + j()], [1 - m + j(), 1 - m + j()], [m + j(), 1 - m + j()]];
  const s = sb.scanPage(page, c, p + 1);
  const w = s.width, h = s.height;
  const jpg = s.toBuffer('image/jpeg', c.quality);
  const img = await loadImage(jpg);
  const cv = createCanvas(img.width, img.height); cv.getContext('2d').drawImage(img, 0, 0);
  const g = greyFromRgba(cv.getContext('2d').getImageData(0, 0, w, h).data, w, h);
  const sheet = flattenSheet(g);
  console.log(`p${p + 1} ${w}x${h} turn ${deg.toFixed(2)}`);
  quad.forEach(([x, y], i) => {
    const f = sheet.corners?.[i];
    console.log(`  corner ${i} drawn ${(x * w).toFixed(1)},${(y * h).toFixed(1)} found ${f ? f[0].toFixed(1) + ',' + f[1].toFixed(1) : '-'} off ${f ? Math.hypot(f[0] - x * w, f[1] - y * h).toFixed(1) : '-'}`);
  });
  const st = straighten(sheet.grey, c.dpi, 0);
  console.log(`  sheet ${sheet.grey.width}x${sheet.grey.height} skew ${st.skew.toFixed(2)}`);
  if (process.argv.includes('--img')) {
    save(g, `/tmp/s16/scans/img/${bank}${seed}-p${p + 1}-photo.png`);
    save(st.grey, `/tmp/s16/scans/img/${bank}${seed}-p${p + 1}-flat.png`);
    save(prepared(st.grey, true), `/tmp/s16/scans/img/${bank}${seed}-p${p + 1}-prep.png`);
  }
}
