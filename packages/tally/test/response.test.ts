import assert from 'node:assert/strict';
import { test } from 'node:test';
import { parseTallyResponse } from '../src/index.ts';

const counts = (o: Partial<Record<string, number>>, extra = '') =>
  `<RESPONSE>${extra}<CREATED>${o.c ?? 0}</CREATED><ALTERED>${o.a ?? 0}</ALTERED><DELETED>0</DELETED><LASTVCHID>${o.v ?? 0}</LASTVCHID><LASTMID>0</LASTMID><COMBINED>0</COMBINED><IGNORED>${o.i ?? 0}</IGNORED><ERRORS>${o.e ?? 0}</ERRORS><CANCELLED>0</CANCELLED><EXCEPTIONS>${o.x ?? 0}</EXCEPTIONS></RESPONSE>`;

test('success: everything sent was created or altered', () => {
  const r = parseTallyResponse(counts({ c: 3, a: 2, v: 77 }), 5);
  assert.equal(r.ok, true);
  assert.equal(r.created, 3);
  assert.equal(r.altered, 2);
  assert.equal(r.lastVchId, '77');
  assert.deepEqual(r.problems, []);
});

test('errors with several LINEERRORs keep Tally’s words and the names they quote', () => {
  const r = parseTallyResponse(
    counts(
      { c: 1, e: 2 },
      `<LINEERROR>Ledger 'Ramesh &amp; Co' does not exist!</LINEERROR><LINEERROR>Voucher totals do not match!</LINEERROR>`,
    ),
    3,
  );
  assert.equal(r.ok, false);
  assert.deepEqual(r.lineErrors, ["Ledger 'Ramesh & Co' does not exist!", 'Voucher totals do not match!']);
  assert.deepEqual(r.named, ['Ramesh & Co']);
  assert.equal(r.errors, 2);
});

test('exceptions alone are a failure', () => {
  const r = parseTallyResponse(counts({ c: 2, x: 1 }), 2);
  assert.equal(r.ok, false);
  assert.match(r.problems.join(), /exception/);
});

test('partial import: counts short of what was sent', () => {
  const r = parseTallyResponse(counts({ c: 2, i: 1 }), 3);
  assert.equal(r.ok, false);
  assert.match(r.problems[0], /2 of 3/);
  assert.equal(parseTallyResponse(counts({ c: 2, i: 1 })).ok, true, 'without a count only errors judge');
});

test('wrapped IMPORTRESULT, STATUS 0 and plain text answers', () => {
  const wrapped = `<ENVELOPE><HEADER><VERSION>1</VERSION><STATUS>1</STATUS></HEADER><BODY><DATA><IMPORTRESULT><CREATED>4</CREATED><ALTERED>0</ALTERED><ERRORS>0</ERRORS><EXCEPTIONS>0</EXCEPTIONS></IMPORTRESULT></DATA></BODY></ENVELOPE>`;
  assert.equal(parseTallyResponse(wrapped, 4).ok, true);
  const status0 = `<ENVELOPE><HEADER><STATUS>0</STATUS></HEADER><BODY><DATA>Could not find Company</DATA></BODY></ENVELOPE>`;
  assert.deepEqual(parseTallyResponse(status0).problems, ['Could not find Company']);
  const text = parseTallyResponse('<RESPONSE>Unknown Request, cannot be processed</RESPONSE>');
  assert.equal(text.ok, false);
  assert.deepEqual(text.problems, ['Unknown Request, cannot be processed']);
  assert.equal(parseTallyResponse('not xml <<<').ok, false);
});

test('"already exists" for a master sent create-only is not a failure; other line errors are', () => {
  const exists = counts(
    { c: 1, e: 2 },
    "<LINEERROR>Ledger 'CGST' already exists!</LINEERROR><LINEERROR>Stock Item 'Widget' already exists!</LINEERROR>",
  );
  const r = parseTallyResponse(exists, 3);
  assert.equal(r.ok, true, r.problems.join());
  assert.deepEqual(r.alreadyExisting, ['CGST', 'Widget']);
  assert.equal(r.errors, 0);
  const bad = parseTallyResponse(
    counts(
      { c: 1, e: 2 },
      "<LINEERROR>Ledger 'CGST' already exists!</LINEERROR><LINEERROR>Ledger 'X' does not exist!</LINEERROR>",
    ),
    3,
  );
  assert.equal(bad.ok, false);
  assert.deepEqual(bad.lineErrors, ["Ledger 'X' does not exist!"]);
});
