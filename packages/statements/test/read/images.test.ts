// Photos and scans as image files, without OCR: EXIF orientation, formats we refuse by name, and
// the scale a photo is recognised at.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { createCanvas, loadImage } from '@napi-rs/canvas';
import { StatementError } from '../../src/errors.ts';
import { checkPassword, detectFileKind, readDocument } from '../../src/read/index.ts';
import { imageScale, lineDirection, rotateCanvas } from '../../src/read/ocr.ts';
import { renderPdfPage } from '../../src/read/pdf.ts';
import { corpusBytes, corpusNeeded } from './corpus.ts';
import { withOrientation } from './exif.ts';

async function corners(bytes: Buffer): Promise<{ w: number; h: number; dark: string }> {
  const img = await loadImage(bytes);
  const c = createCanvas(img.width, img.height);
  const ctx = c.getContext('2d');
  ctx.drawImage(img, 0, 0);
  const at = (x: number, y: number) => (ctx.getImageData(x, y, 1, 1).data[0] < 128 ? 1 : 0);
  const [w, h] = [img.width, img.height];
  // which corners are dark: top-left, top-right, bottom-right, bottom-left
  const dark = [at(2, 2), at(w - 3, 2), at(w - 3, h - 3), at(2, h - 3)].join('');
  return { w, h, dark };
}

/** A 40x20 canvas, its left half black: which corners are dark tells how it was turned. */
function halfBlack() {
  const c = createCanvas(40, 20);
  const ctx = c.getContext('2d');
  ctx.fillStyle = '#fff';
  ctx.fillRect(0, 0, 40, 20);
  ctx.fillStyle = '#000';
  ctx.fillRect(0, 0, 20, 20);
  return c;
}

describe('phone photos', corpusNeeded, () => {
  test('the decoder turns a JPEG upright by its EXIF orientation (readImage relies on it)', async () => {
    const c = halfBlack();
    const jpeg = await c.encode('jpeg');
    assert.deepEqual(await corners(withOrientation(jpeg, 1)), { w: 40, h: 20, dark: '1001' });
    // 3: turn 180°; 6: turn 90° clockwise; 8: turn 90° anticlockwise
    assert.deepEqual(await corners(withOrientation(jpeg, 3)), { w: 40, h: 20, dark: '0110' });
    assert.deepEqual(await corners(withOrientation(jpeg, 6)), { w: 20, h: 40, dark: '1100' });
    assert.deepEqual(await corners(withOrientation(jpeg, 8)), { w: 20, h: 40, dark: '0011' });
    assert.equal(detectFileKind(new Uint8Array(withOrientation(jpeg, 6))), 'jpeg');
  });

  test('rotateCanvas turns clockwise', async () => {
    const c = halfBlack();
    const png = async (deg: 0 | 90 | 180 | 270) => Buffer.from(await rotateCanvas(c, deg).encode('png'));
    assert.deepEqual(await corners(await png(90)), { w: 20, h: 40, dark: '1100' });
    assert.deepEqual(await corners(await png(180)), { w: 40, h: 20, dark: '0110' });
    assert.deepEqual(await corners(await png(270)), { w: 20, h: 40, dark: '0011' });
  });

  test('text lines are seen running across or down the page without OCR', async () => {
    const img = await loadImage(Buffer.from(corpusBytes('PNB/PNB_photo.png')));
    const photo = createCanvas(img.width, img.height);
    photo.getContext('2d').drawImage(img, 0, 0);
    const scan = await renderPdfPage(corpusBytes('BOB/BOB_scanned.pdf'), 1);
    for (const page of [photo, scan]) {
      assert.equal(lineDirection(page), 'across');
      assert.equal(lineDirection(rotateCanvas(page, 180)), 'across');
      assert.equal(lineDirection(rotateCanvas(page, 90)), 'down');
      assert.equal(lineDirection(rotateCanvas(page, 270)), 'down');
    }
    // a blank page has no lines either way
    const blank = createCanvas(200, 300);
    blank.getContext('2d').fillStyle = '#fff';
    blank.getContext('2d').fillRect(0, 0, 200, 300);
    assert.equal(lineDirection(blank), 'unsure');
  });

  test('big photos are brought down to about 300 dpi A4, small ones up', () => {
    // fits inside A4 at 300 dpi (2480 x 3508 px) and touches it on one side
    const fitsA4 = (w: number, h: number) => {
      const s = imageScale(w, h);
      const [short, long] = [Math.min(w, h) * s, Math.max(w, h) * s];
      return short <= 2480.5 && long <= 3508.5 && (short > 2479 || long > 3507);
    };
    // a 12 MP phone photo, portrait and landscape; a 108 MP one
    assert.ok(fitsA4(3024, 4032));
    assert.ok(fitsA4(4032, 3024));
    assert.ok(fitsA4(9000, 12000));
    assert.ok(imageScale(3024, 4032) < 1);
    // a 600 dpi A4 scan: halved
    assert.ok(Math.abs(imageScale(4960, 7016) - 0.5) < 0.001);
    // a 150 dpi scan: doubled, and never past A4 at 300 dpi
    assert.ok(Math.abs(imageScale(1241, 1754) - 2) < 0.01);
    assert.ok(imageScale(1241, 1754) * 1754 <= 3508);
    // already 300 dpi A4: as it is
    assert.equal(imageScale(2480, 3508), 1);
  });
});

describe('image formats we cannot read are refused by name', () => {
  const tiff = new Uint8Array([0x49, 0x49, 0x2a, 0x00, 8, 0, 0, 0, 0, 0, 0, 0]);
  const tiffBig = new Uint8Array([0x4d, 0x4d, 0x00, 0x2a, 0, 0, 0, 8, 0, 0, 0, 0]);
  const heic = new Uint8Array([0, 0, 0, 24, ...Buffer.from('ftypheic', 'latin1'), 0, 0, 0, 0]);

  for (const [name, bytes, kind] of [
    ['TIFF (II)', tiff, 'tiff'],
    ['TIFF (MM)', tiffBig, 'tiff'],
    ['HEIC', heic, 'heic'],
  ] as const) {
    test(name, async () => {
      assert.equal(detectFileKind(bytes), kind);
      for (const p of [readDocument(bytes), checkPassword(bytes)]) {
        await assert.rejects(p, (err: unknown) => {
          assert.ok(err instanceof StatementError);
          assert.equal(err.code, 'UNSUPPORTED');
          assert.match(err.userMessage, new RegExp(`^${kind.toUpperCase()} images are not supported`));
          assert.match(err.userMessage, /PNG, JPEG, WebP or GIF/);
          return true;
        });
      }
    });
  }
});
