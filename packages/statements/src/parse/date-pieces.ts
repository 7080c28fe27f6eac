// A date drawn in pieces ('01' 'Apr' '2023', '5' 'Dec 31', '02' | 'July 24'): the one rule both the
// cells stage (a line's runs) and the column inference (whole columns of pieces) join them by.
//
// The pieces of one date are set alike: a word space apart, or, in a fixed-pitch font, the same gap
// each. A cell beside the date (a serial number before it, a cheque number after it) is set a column
// gap away, wider than the date's own gaps. So the evidence is the gaps alone: pieces that read as a
// date together are one date unless a piece at either end stands more than PIECE_APART times as far
// from the rest as the rest stand from each other.

// (a column gap against a word space; a fixed-pitch date's gaps differ by a pixel or so)
const PIECE_APART = 1.5;

/**
 * Which end piece, if any, stands apart from the rest: of pieces with these gaps between them
 * (gaps[i]: between piece i and piece i+1; a word space inside a piece given as one more gap,
 * `inner`), the first ('first': a cell before the date, which starts after it), the last ('last': a
 * cell after it, which ends before it), or none (null: the pieces are one date's, by their spacing).
 */
export function pieceApart(gaps: number[], inner: number | null): 'first' | 'last' | null {
  const apart = (gap: number, others: number[]) =>
    others.length > 0 && gap > PIECE_APART * Math.max(...others);
  const inside = inner === null ? [] : [inner];
  const first = gaps[0];
  const last = gaps[gaps.length - 1];
  if (first === undefined || last === undefined) return null;
  if (apart(first, [...gaps.slice(1), ...inside])) return 'first';
  return apart(last, [...gaps.slice(0, -1), ...inside]) ? 'last' : null;
}
