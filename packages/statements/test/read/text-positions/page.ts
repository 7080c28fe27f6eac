// The input of text-positions.test.ts: one page whose text runs go through every path of pdf.js's
// text transform (read/pdfjs-load.ts edits how pdf.js computes it, per glyph): a scaled and a
// turned CTM (held as float32 by pdf.js), text rise, horizontal scaling, character and word
// spacing, a skewed and a turned text matrix, kerning in TJ, and a Type3 font at size 1 (pdf.js's
// glyph-height branch), beside plain runs.
import { pdfOf } from '../../../scripts/bombs.ts';

const CONTENT = [
  'BT /F1 10 Tf 72 760 Td (Plain words here) Tj ET',
  'q 0.1 0 0 0.1 0 0 cm BT /F1 100 Tf 720 7400 Td (Scaled by cm 0.1) Tj ET Q',
  'q 0.3 0.1 -0.1 0.3 300.7 600.3 cm BT /F1 30 Tf 1.1 Ts 0.7 0.3 Td (Turned by cm) Tj ET Q',
  'q 0.31 0.17 -0.17 0.31 123.45 456.78 cm BT /F1 23.7 Tf 1.3 Ts 0.37 0.91 Td (One) Tj 13.1 7.3 Td (Two) Tj 9.7 -11.3 Td (Three) Tj -5.9 17.7 Td (Four) Tj 3.3 3.3 Td (Five) Tj ET Q',
  'BT /F1 8 Tf 3.3 Ts 72 700 Td (Raised text) Tj ET',
  'BT /F1 8 Tf 137 Tz 72 680 Td (Wide text) Tj ET',
  'BT /F1 8 Tf 1.7 Tc 4.1 Tw 72 660 Td (Spaced out words) Tj ET',
  'BT /F1 10 Tf 2.3 Ts 1 0.1 0.33 1 72.1 640.7 Tm (Italic by matrix) Tj ET',
  'BT /F1 10 Tf 72 620 Td [(Kern) -300 (ed) 120 (TJ) -2000 (gap)] TJ ET',
  'BT /F1 10 Tf 0.7071 0.7071 -0.7071 0.7071 300 300 Tm (Diagonal) Tj ET',
  'BT /F1 10 Tf 0 1 -1 0 560 100 Tm (Upwards) Tj ET',
  'BT /F2 9.5 Tf 72 560 Td (12,34,567.89 Cr) Tj 0 -11.5 Td (01/04/25 NEFT) Tj ET',
  'BT /F3 12 Tf 72 520 Td (aba) Tj ET',
  'BT /F3 1 Tf 14 0 0 14 72 500 Tm (ab ba) Tj ET',
].join('\n');

const CHAR_PROC = '1000 0 0 0 750 750 d1 0 0 750 750 re f';

export function textPositionsPdf(): Buffer {
  const stream = (s: string) => `<< /Length ${s.length} >>\nstream\n${s}\nendstream`;
  return pdfOf([
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /Font << /F1 5 0 R /F2 6 0 R /F3 7 0 R >> >> >>',
    stream(CONTENT),
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Courier-Bold >>',
    '<< /Type /Font /Subtype /Type3 /FontBBox [0 0 750 750] /FontMatrix [0.001 0 0 0.001 0 0] /CharProcs << /a 8 0 R /b 8 0 R >> /Encoding << /Type /Encoding /Differences [97 /a /b] >> /FirstChar 97 /LastChar 98 /Widths [1000 800] /Resources << >> >>',
    stream(CHAR_PROC),
  ]);
}
