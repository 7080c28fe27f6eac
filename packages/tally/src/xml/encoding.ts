// TallyPrime reads UTF-16LE most reliably (non-ASCII names survive; UTF-8 without a BOM is read
// as the local code page on some installations), so the push encodes that way. Files offered for
// download stay UTF-8, which every import screen accepts.

const UTF16LE_BOM = Buffer.from([0xff, 0xfe]);

export function encodeForTally(xml: string): Buffer {
  const text = xml.replace(/^<\?xml([^?]*)encoding="UTF-8"/i, '<?xml$1encoding="UTF-16"');
  return Buffer.concat([UTF16LE_BOM, Buffer.from(text, 'utf16le')]);
}

/** Bytes from Tally, the emulator or a client -> text: BOM first, then the declared charset, then a guess. */
export function decodeXmlBytes(bytes: Buffer, contentType = ''): string {
  if (bytes.length >= 2 && bytes[0] === 0xff && bytes[1] === 0xfe)
    return bytes.subarray(2).toString('utf16le');
  if (bytes.length >= 2 && bytes[0] === 0xfe && bytes[1] === 0xff) {
    const swapped = Buffer.from(bytes.subarray(2));
    swapped.swap16();
    return swapped.toString('utf16le');
  }
  if (bytes.length >= 3 && bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) {
    return bytes.subarray(3).toString('utf8');
  }
  if (/charset\s*=\s*"?utf-?16/i.test(contentType)) return bytes.toString('utf16le');
  // ASCII characters ('<', a newline, a space) each followed by a zero byte: UTF-16LE without a BOM.
  if (looksUtf16le(bytes)) return bytes.toString('utf16le');
  return bytes.toString('utf8');
}

function looksUtf16le(bytes: Buffer): boolean {
  if (bytes.length >= 2 && bytes[0] === 0x3c && bytes[1] === 0x00) return true;
  return bytes.length >= 4 && bytes[0] < 0x80 && bytes[1] === 0 && bytes[2] < 0x80 && bytes[3] === 0;
}

export function isUtf16(bytes: Buffer, contentType = ''): boolean {
  return (
    (bytes.length >= 2 && bytes[0] === 0xff && bytes[1] === 0xfe) ||
    looksUtf16le(bytes) ||
    /charset\s*=\s*"?utf-?16/i.test(contentType)
  );
}
