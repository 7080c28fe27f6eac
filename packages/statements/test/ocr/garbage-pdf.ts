// A text PDF whose text layer is garbage over a clean rendering (issue 32): every font of a
// generated statement is given a /ToUnicode map that decodes its codes to the wrong characters. The
// page draws exactly as before (a standard font draws its glyphs by its encoding; the map is for
// extraction only), and pdf.js's text is what a font without a usable character map gives.
// Written as an incremental update (new versions of the font objects, a CMap stream each, a new
// cross-reference section), so the original bytes stay as they were.

/** How a garbled font decodes a one-byte code. */
export type Garble =
  /** glyph ids taken for characters (a subset font's Identity map): 'A' -> '$', '0' -> U+0013 */
  | 'glyph-ids'
  /** letters and digits scrambled among letters, as a subset font with a made-up map */
  | 'letters';

function decoded(code: number, how: Garble): number {
  if (how === 'glyph-ids') return code - 29;
  if (code === 32) return 32;
  return 0x61 + ((code * 7) % 26);
}

function cmap(how: Garble): string {
  const pairs: string[] = [];
  for (let code = 32; code < 256; code++) {
    const u = decoded(code, how);
    if (u > 0) pairs.push(`<${hex(code, 2)}> <${hex(u, 4)}>`);
  }
  const chunks: string[] = [];
  // a bfchar block holds at most 100 entries
  for (let i = 0; i < pairs.length; i += 100) {
    const part = pairs.slice(i, i + 100);
    chunks.push(`${part.length} beginbfchar\n${part.join('\n')}\nendbfchar`);
  }
  return [
    '/CIDInit /ProcSet findresource begin',
    '12 dict begin',
    'begincmap',
    '/CIDSystemInfo << /Registry (Adobe) /Ordering (UCS) /Supplement 0 >> def',
    '/CMapName /Garbled-UCS def',
    '/CMapType 2 def',
    '1 begincodespacerange\n<00> <FF>\nendcodespacerange',
    ...chunks,
    'endcmap',
    'CMapName currentdict /CMap defineresource pop',
    'end',
    'end',
  ].join('\n');
}

const hex = (n: number, digits: number) => n.toString(16).toUpperCase().padStart(digits, '0');

/**
 * `pdf` (uncompressed object dictionaries and a classic cross-reference table, as pdfkit writes)
 * with every font's text decoding garbled `how`.
 */
export function garbleTextLayer(pdf: Uint8Array, how: Garble): Uint8Array {
  const src = Buffer.from(pdf).toString('latin1');
  const size = Number(/\/Size (\d+)/.exec(src.slice(src.lastIndexOf('trailer')))![1]);
  const root = /\/Root (\d+ \d+ R)/.exec(src.slice(src.lastIndexOf('trailer')))![1];
  const prev = Number(/startxref\s+(\d+)/.exec(src.slice(src.lastIndexOf('startxref')))![1]);
  const fonts = [...src.matchAll(/(?:^|\n)(\d+) 0 obj\s*<<([^]*?)>>\s*endobj/g)].filter((m) =>
    /\/Type\s*\/Font\b/.test(m[2]!),
  );
  const map = cmap(how);
  let next = size;
  let body = '\n';
  const offsets: [number, number][] = [];
  const at = () => src.length + body.length;
  for (const f of fonts) {
    const num = Number(f[1]);
    const cm = next++;
    offsets.push([num, at()]);
    body += `${num} 0 obj\n<<${f[2]}/ToUnicode ${cm} 0 R\n>>\nendobj\n`;
    offsets.push([cm, at()]);
    body += `${cm} 0 obj\n<< /Length ${map.length} >>\nstream\n${map}\nendstream\nendobj\n`;
  }
  const xrefAt = at();
  body += 'xref\n';
  for (const [num, off] of offsets.sort((a, b) => a[0] - b[0]))
    body += `${num} 1\n${String(off).padStart(10, '0')} 00000 n \n`;
  body += `trailer\n<< /Size ${next} /Root ${root} /Prev ${prev} >>\nstartxref\n${xrefAt}\n%%EOF\n`;
  return new Uint8Array(Buffer.from(src + body, 'latin1'));
}
