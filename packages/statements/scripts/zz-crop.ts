import { readFileSync, writeFileSync } from 'node:fs';
import { createCanvas, loadImage } from '@napi-rs/canvas';
const [f, out, x, y, w, h, scale] = process.argv.slice(2);
const img = await loadImage(readFileSync(f!));
const [X, Y, Wd, Ht, S] = [x, y, w, h, scale].map(Number) as number[];
const cv = createCanvas(Math.round(Wd! * S!), Math.round(Ht! * S!));
cv.getContext('2d').drawImage(img, X!, Y!, Wd!, Ht!, 0, 0, cv.width, cv.height);
writeFileSync(out!, cv.toBuffer('image/png'));
