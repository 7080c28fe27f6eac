// A helper reader's pages cross to the job's reader packed (src/worker/part.ts): they come back as
// the helper read them, an OCR'd page's words' confidence, its turn and its picture with them.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { StatementError } from '../../src/errors.ts';
import { packPart, unpackPart } from '../../src/worker/part.ts';
import type { Page } from '../../src/source.ts';

test('a page crosses between readers as it was read: words, edges, confidence, turn, picture', () => {
  const text: Page = {
    number: 1,
    width: 595,
    height: 842,
    words: [
      { text: 'Opening Balance', x: 40, y: 100, width: 80, height: 9, edges: [40, 78, 82, 120] },
      { text: '1,000.00', x: 500, y: 100, width: 40, height: 9 },
    ],
  };
  const scanned: Page = {
    number: 2,
    width: 595.2,
    height: 841.9,
    words: [
      { text: '01/03/2024', x: 30.5, y: 120.25, width: 45, height: 8, confidence: 91 },
      { text: '4438064', x: 470, y: 120, width: 28, height: 8, confidence: 0 },
    ],
    ocr: true,
    rotation: 270,
    scan: { jpeg: '/9j/4AAQ', width: 620, height: 877 },
  };
  const part = { pages: [text, scanned], failure: null };
  // as IPC with 'advanced' serialization carries it
  assert.deepEqual(unpackPart(structuredClone(packPart(part))), part);
  const failed = {
    pages: [],
    failure: { page: 3, error: new StatementError('UNREADABLE', { logMessage: 'x' }) },
  };
  const back = unpackPart(structuredClone(packPart(failed)));
  assert.equal(back.failure?.page, 3);
  assert.equal(back.failure?.error.code, 'UNREADABLE');
});
