// A scanned page that is one JPEG is found in the PDF's bytes (scan/page-jpeg.ts), for the reader
// to decode natively instead of through pdf.js's JavaScript decoder (decision 041, session 19);
// every other page is left to pdf.js. The PDFs are built with pdfkit, as the scan bench's are.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createCanvas } from '@napi-rs/canvas';
import PDFDocument from 'pdfkit';
import { closeOcr } from '../../src/read/ocr.ts';
import { drawJpeg, jpegGrey, lumaPlane, readPdf, renderForOcr } from '../../src/read/pdf.ts';
import { getDocument } from '../../src/read/pdfjs.ts';
import { greyFromRgbAt, greyFromRgba } from '../../src/scan/grey.ts';
import { pageJpeg } from '../../src/scan/page-jpeg.ts';
import { imagePdf } from '../ocr/scan-bench.ts';

function jpeg(width = 300, height = 400): Buffer {
  const c = createCanvas(width, height);
  const ctx = c.getContext('2d');
  ctx.fillStyle = '#fff';
  ctx.fillRect(0, 0, width, height);
  ctx.fillStyle = '#000';
  ctx.fillText('01/01/2023  1,234.00', 10, 50);
  return c.toBuffer('image/jpeg', 80);
}

function pdfkit(draw: (doc: PDFKit.PDFDocument) => void): Promise<Uint8Array> {
  const doc = new PDFDocument({ autoFirstPage: false, compress: true });
  const chunks: Buffer[] = [];
  doc.on('data', (b: Buffer) => chunks.push(b));
  const done = new Promise<Uint8Array>((resolve) => doc.on('end', () => resolve(Buffer.concat(chunks))));
  draw(doc);
  doc.end();
  return done;
}

/** pageJpeg of each page, given the page's reference and box as pdf.js sees them. */
async function jpegs(pdf: Uint8Array) {
  const task = getDocument({ data: new Uint8Array(pdf), verbosity: 0 });
  const doc = await task.promise;
  const out = [];
  for (let n = 1; n <= doc.numPages; n++) {
    const page = await doc.getPage(n);
    out.push(page.ref ? pageJpeg(pdf, page.ref, page.view) : null);
  }
  await task.destroy();
  return out;
}

test('each page of a scan is its JPEG, the very bytes the scanner wrote', async () => {
  const [a, b] = [jpeg(300, 400), jpeg(320, 410)];
  const pdf = await imagePdf(
    [
      { data: a, width: 300, height: 400 },
      { data: b, width: 320, height: 410 },
    ],
    150,
  );
  const found = await jpegs(pdf);
  assert.deepEqual(
    found.map((j) => j && { size: [j.width, j.height], same: j.data.equals(j.width === 300 ? a : b) }),
    [
      { size: [300, 400], same: true },
      { size: [320, 410], same: true },
    ],
  );
});

test('a page with anything besides its one JPEG over the whole page is left to pdf.js', async () => {
  const a = jpeg();
  const pdf = await pdfkit((doc) => {
    // text beside the image
    doc.addPage({ size: [144, 192], margin: 0 });
    doc.image(a, 0, 0, { width: 144, height: 192 });
    doc.fontSize(8).text('stamp', 10, 10);
    // the image on part of the page
    doc.addPage({ size: [144, 192], margin: 0 });
    doc.image(a, 0, 0, { width: 100, height: 150 });
    // two images
    doc.addPage({ size: [144, 192], margin: 0 });
    doc.image(a, 0, 0, { width: 144, height: 192 });
    doc.image(jpeg(30, 40), 0, 0, { width: 30, height: 40 });
    // the image over the page, alone: taken
    doc.addPage({ size: [144, 192], margin: 0 });
    doc.image(a, 0, 0, { width: 144, height: 192 });
  });
  assert.deepEqual(
    (await jpegs(pdf)).map((j) => j !== null),
    [false, false, false, true],
  );
});

test('a file written twice over (an incremental update) is left to pdf.js', async () => {
  const pdf = Buffer.from(await imagePdf([{ data: jpeg(), width: 300, height: 400 }], 150));
  // the same page object written again after the first %%EOF, as an update appends it
  const page = /\n(\d+) 0 obj\n<<\n\/Type \/Page\n[^]*?endobj\n/.exec(pdf.toString('latin1'))!;
  const updated = Buffer.concat([pdf, Buffer.from(page[0], 'latin1')]);
  assert.notEqual((await jpegs(pdf))[0], null);
  assert.equal(pageJpeg(updated, { num: Number(page[1]), gen: 0 }, [0, 0, 144, 192]), null);
});

/** A page of print: lines of dates and figures, soft-edged as a scan's glyphs are. */
function printed(width: number, height: number): Buffer {
  const c = createCanvas(width, height);
  const ctx = c.getContext('2d');
  ctx.fillStyle = '#fff';
  ctx.fillRect(0, 0, width, height);
  ctx.fillStyle = '#222';
  ctx.font = `${Math.round(width / 60)}px sans-serif`;
  for (let y = width / 20; y < height; y += width / 30)
    ctx.fillText('01/04/2023  NEFT-HDFC0001234  12,345.67  1,23,456.78', width / 20, y);
  return c.toBuffer('image/jpeg', 75);
}

const greyOf = (c: Awaited<ReturnType<typeof renderForOcr>>) =>
  greyFromRgba(c.getContext('2d').getImageData(0, 0, c.width, c.height).data, c.width, c.height);

// pdf.js blows a 150 or 200 dpi scan up to 300 dpi taking the nearest pixel, and smooths one of 240
// dpi: drawn otherwise, a page's greys moved by 1-2 levels on average (a row can turn on that).
// Decoders round a little differently (libjpeg-turbo against pdf.js's): a level here and there.
for (const dpi of [150, 200, 240, 300]) {
  test(`a ${dpi} dpi scan's page is drawn for the recogniser as pdf.js draws it`, async () => {
    const [w, h] = [Math.round((8.27 * dpi) / 2), Math.round((11.69 * dpi) / 2)];
    const pdf = await imagePdf([{ data: printed(w, h), width: w, height: h }], dpi);
    const task = getDocument({ data: new Uint8Array(pdf), verbosity: 0 });
    try {
      const page = await (await task.promise).getPage(1);
      const found = pageJpeg(pdf, page.ref!, page.view);
      assert.ok(found);
      const native = await drawJpeg(found, page, 300);
      assert.ok(native);
      const [a, b] = [greyOf(native), greyOf(await renderForOcr(page, 300))];
      assert.deepEqual([a.width, a.height], [b.width, b.height]);
      let sum = 0;
      let far = 0;
      for (let i = 0; i < a.data.length; i++) {
        const d = Math.abs(a.data[i]! - b.data[i]!);
        sum += d;
        if (d > 4) far++;
      }
      assert.ok(sum / a.data.length < 0.05, `mean |diff| ${(sum / a.data.length).toFixed(3)}`);
      assert.ok(far / a.data.length < 0.001, `${far} pixels differ by more than 4`);
    } finally {
      await task.destroy();
    }
  });
}

// pdf.js decodes a page's images to build its operator list, and builds one of its own for the
// rendering: asked whether a scanned page had images, it decoded the page's JPEG a first time for
// nothing, ~0.2-0.3 s of CPU of a 300 dpi page (decision 041, session 22). A page that is one JPEG
// is known to have one from the file's bytes.
test('a scanned page of one JPEG is rendered for the recogniser without pdf.js being asked for its images', async () => {
  const [w, h] = [450, 300];
  const pdf = await imagePdf([{ data: printed(w, h), width: w, height: h }], 150);
  const task = getDocument({ data: new Uint8Array(pdf), verbosity: 0 });
  const proto = Object.getPrototypeOf(await (await task.promise).getPage(1)) as {
    getOperatorList: (...args: unknown[]) => unknown;
  };
  await task.destroy();
  const real = proto.getOperatorList;
  let asked = 0;
  proto.getOperatorList = function (this: unknown, ...args: unknown[]) {
    asked++;
    return real.apply(this, args);
  };
  try {
    const read = await readPdf(pdf, { preview: false });
    assert.equal(read.format, 'pdf-scanned');
    assert.ok(read.pages[0]!.words.length > 0);
  } finally {
    proto.getOperatorList = real;
    await closeOcr();
  }
  assert.equal(asked, 0);
});

// A scan drawn pixel for pixel (300 dpi rendered at 300) is decoded by pdf.js's own decoder and taken
// as grey without a canvas: the very bytes the rendering gives (decision 041, session 22). So is one
// pdf.js blows up by the nearest pixel by 2 (150 dpi drawn at 300) or by 1.5 (200 dpi: the middle of
// every third pixel falls between two; decision 041, session 23), an odd side too, drawn onto the
// whole pixels pdf.js rounds its half pixel to (session 25); one it smooths (240 dpi, by 1.25) is
// left to pdf.js.
test("a 300, 200 or 150 dpi scan's page is the rendering's grey, decoded without drawing it", async () => {
  const cases: { dpi: number; w: number; h: number; left?: boolean }[] = [
    { dpi: 300, w: 1241, h: 1754 },
    { dpi: 200, w: 826, h: 1170 },
    { dpi: 150, w: 620, h: 877 },
    // sides of an odd number of pixels, drawn on x.5 pixels: rounded down across, up down the page
    { dpi: 200, w: 827, h: 1169 },
    { dpi: 200, w: 2339, h: 1654 },
    { dpi: 200, w: 1654, h: 2339 },
    // smoothed by pdf.js: left to it
    { dpi: 240, w: 992, h: 1403, left: true },
  ];
  for (const { dpi, w, h, left } of cases) {
    const pdf = await imagePdf([{ data: printed(w, h), width: w, height: h }], dpi);
    const task = getDocument({ data: new Uint8Array(pdf), verbosity: 0 });
    try {
      const page = await (await task.promise).getPage(1);
      const found = pageJpeg(pdf, page.ref!, page.view);
      assert.ok(found);
      const grey = await jpegGrey(found, page, 300);
      if (left) {
        assert.ok(grey === null, `${dpi} dpi, ${w} x ${h}: left to pdf.js`);
        continue;
      }
      assert.ok(grey, `${dpi} dpi`);
      const drawn = greyOf(await renderForOcr(page, 300));
      assert.ok(grey.width === drawn.width && grey.height === drawn.height, `${dpi} dpi: the same size`);
      assert.ok(Buffer.from(grey.data).equals(Buffer.from(drawn.data)), `${dpi} dpi: the same bytes`);
    } finally {
      await task.destroy();
    }
  }
});

test("lumaPlane: a grey page's JPEG saved in colour is its Y plane, byte for byte its RGB weighed; a page with colour is not", async () => {
  // pdf.js's own decoder, as read/pdf.ts loads it (the module has no types of its own)
  const decoders = 'pdfjs-dist/image_decoders/pdf.image_decoders.min.mjs';
  const { JpegImage } = (await import(decoders)) as {
    JpegImage: new (o: object) => Parameters<typeof lumaPlane>[0];
  };
  const decoded = (data: Buffer) => {
    const d = new JpegImage({});
    d.parse(new Uint8Array(data));
    return d;
  };
  const [w, h] = [300, 400];
  // a grey page (the canvas writes three components, its colour planes flat)
  const grey = jpeg(w, h);
  const luma = lumaPlane(decoded(grey), w, h);
  assert.ok(luma, 'a grey page is read from its luma');
  const weighed = greyFromRgbAt(decoded(grey).getData({ width: w, height: h, forceRGB: true }), w, h, w, h);
  assert.ok(Buffer.from(luma).equals(Buffer.from(weighed.data)), 'the same bytes as its RGB weighed');
  // red ink: its colour planes carry colour, and the page is weighed from its RGB
  const c = createCanvas(w, h);
  const ctx = c.getContext('2d');
  ctx.fillStyle = '#fff';
  ctx.fillRect(0, 0, w, h);
  ctx.fillStyle = '#c00';
  ctx.fillText('01/01/2023  1,234.00', 10, 50);
  assert.equal(lumaPlane(decoded(c.toBuffer('image/jpeg', 80)), w, h), null);
});
