import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { TextItem } from 'pdfjs-dist/types/src/display/api.js';
import type { Page, Word } from '../source.ts';

// Minimal text-layer reader. The readers issue extends it (passwords, OCR fallback, limits).
export async function readPdfPages(data: Uint8Array, password?: string): Promise<Page[]> {
  const task = getDocument({ data, password, verbosity: 0 });
  try {
    const doc = await task.promise;
    const pages: Page[] = [];
    for (let n = 1; n <= doc.numPages; n++) {
      const page = await doc.getPage(n);
      const vp = page.getViewport({ scale: 1 });
      const content = await page.getTextContent();
      const words: Word[] = [];
      for (const item of content.items as TextItem[]) {
        if (!('str' in item) || item.str.trim() === '') continue;
        const h = Math.abs(item.transform[3]) || item.height;
        words.push({
          text: item.str,
          x: item.transform[4],
          y: vp.height - item.transform[5] - h,
          width: item.width,
          height: h,
        });
      }
      pages.push({ number: n, width: vp.width, height: vp.height, words });
      page.cleanup();
    }
    return pages;
  } finally {
    await task.destroy();
  }
}
