/**
 * Invoice references run on from the start reference: 7 -> '7', '8'...; 'INV-0099' -> 'INV-0099',
 * 'INV-0100'... (zero padding kept, widened when needed); a start with no trailing digits gets a
 * counter appended: 'A/' -> 'A/1', 'A/2'...
 */
export function referenceAt(start: string | number, offset: number): string {
  if (typeof start === 'number') {
    if (!Number.isSafeInteger(start)) throw new RangeError(`bad start reference ${start}`);
    return String(start + offset);
  }
  const m = /^(.*?)(\d+)$/.exec(start);
  if (!m) return `${start}${offset + 1}`;
  const [, prefix, digits] = m;
  return prefix + (BigInt(digits) + BigInt(offset)).toString().padStart(digits.length, '0');
}
