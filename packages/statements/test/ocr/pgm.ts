// A page's grey kept as a gzipped binary PGM in test/fixtures/scan-bench: small fixtures of bench
// pages as the preprocessing steps read them.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import type { Grey } from '../../src/scan/grey.ts';

export function fixturePgm(name: string): Grey {
  const b = gunzipSync(readFileSync(path.resolve(import.meta.dirname, '../fixtures/scan-bench', name)));
  const head = /^P5\s+(\d+)\s+(\d+)\s+255\s/.exec(b.toString('latin1', 0, 40))!;
  return {
    width: Number(head[1]),
    height: Number(head[2]),
    data: new Uint8Array(b.subarray(head[0].length)),
  };
}
