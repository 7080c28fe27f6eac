// A printed text report (and a sheet) sets its lines on a grid: a wrapped narration is the very next
// line, and a blank line before a block of words sets that block apart, as a PDF's gap of 2.2 text
// heights does. Its summary, labels over as many values, gives the closing balance the end is
// checked against. (The lines are a generated text report's, cut to three rows.)
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { parseStatement } from '../../src/index.ts';
import type { SourceDocument } from '../../src/source.ts';

const report = (closing: string): SourceDocument => ({
  kind: 'lines',
  format: 'rpt',
  lines: [
    '#                  Post Date  Narration                                                                               Ref No./Cheque No.           Value Date  Amount (Rs.)  Cr/Dr   Balance        Remarks  Branch Code',
    '                              Opening Balance                                                                                                                                        ₹ 96,300.53',
    '             1.00  01/12/23   BY TRANSFER-NEFT*IDIB0242941*IDIBN2333512 78460*GREENFIELD AGRO PRODUCTS--              TRANSFER FROM 7604300016641  01/12/23    ₹ 4,002.00    Credit  ₹ 1,00,302.53',
    '             2.00  02/12/23   BY CLEARING-HDFC BANK NEW INDIA HARDWARE-                                               254168                       03/12/23    ₹ 7,656.00    Credit  ₹ 1,07,958.53',
    '             3.00  04/12/23   TO TRANSFER-POS/582342XXXXXX2168/AMAZO N PAY INDIA PVT--                                TRANSFER TO 6180486735628    04/12/23    ₹ 1,746.70    Debit   ₹ 1,06,211.83',
    '',
    'Statement Summary',
    'Opening Balance    Debits     Credits                                                                                 Closing Balance',
    '₹ 96,300.53            11.00                                                                                    8.00  ' +
      closing,
  ],
});

test('a report: words after a blank line are no wrapped narration; its summary gives the closing balance', () => {
  const a = parseStatement(report('₹ 1,06,211.83')).accounts[0]!;
  assert.deepEqual(
    a.transactions.map((t) => [t.description, t.reference]),
    [
      [
        'BY TRANSFER-NEFT*IDIB0242941*IDIBN2333512 78460*GREENFIELD AGRO PRODUCTS--',
        'TRANSFER FROM 7604300016641',
      ],
      ['BY CLEARING-HDFC BANK NEW INDIA HARDWARE-', '254168'],
      ['TO TRANSFER-POS/582342XXXXXX2168/AMAZO N PAY INDIA PVT--', 'TRANSFER TO 6180486735628'],
    ],
  );
  assert.equal(a.reconciliation.ok, true);
  assert.equal(a.reconciliation.closingBalance, 10621183);
  assert.doesNotMatch(a.reconciliation.message, /no closing balance/);
});

test('a report whose summary prints another closing balance says so', () => {
  const a = parseStatement(report('₹ 1,16,211.83')).accounts[0]!;
  assert.match(
    a.reconciliation.notes?.join(' ') ?? '',
    /closing balance printed on the statement \(116211\.83\) differs/,
  );
});
