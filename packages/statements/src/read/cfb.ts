// Just enough of the Compound File Binary format (the container of old .xls workbooks and of
// encrypted .xlsx packages) to list its stream names, synchronously and without a library: the
// directory is found through the header's FAT sectors. Every chain walk is bounded by the file's
// sector count, so a damaged or looping file costs at most one pass over it.

const CFB_MAGIC = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];
/** Sector numbers at or above this are markers (free, end of chain, FAT, DIFAT), never a sector. */
const MAX_REGULAR_SECTOR = 0xfffffffa;
const DIR_ENTRY_BYTES = 128;
const STREAM = 2;

export function isCfb(bytes: Uint8Array): boolean {
  return bytes.length >= 8 && CFB_MAGIC.every((b, i) => bytes[i] === b);
}

/** Names of the streams in a CFB file, or null when it is not one or its directory cannot be read. */
export function cfbStreamNames(bytes: Uint8Array): string[] | null {
  if (!isCfb(bytes) || bytes.length < 512) return null;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const shift = view.getUint16(0x1e, true);
  if (shift !== 9 && shift !== 12) return null;
  const size = 1 << shift;
  const perSector = size / 4;
  const sectors = Math.floor((bytes.length - size) / size) + 1;
  const u32 = (offset: number): number | null =>
    offset >= 0 && offset + 4 <= bytes.length ? view.getUint32(offset, true) : null;
  const sectorOffset = (n: number): number => (n + 1) * size;

  // FAT sectors: the first 109 are listed in the header, the rest in a chain of DIFAT sectors.
  const fatCount = view.getUint32(0x2c, true);
  if (fatCount > sectors) return null;
  const fat: number[] = [];
  for (let i = 0; i < 109 && fat.length < fatCount; i++) fat.push(view.getUint32(0x4c + 4 * i, true));
  let difat = view.getUint32(0x44, true);
  for (let guard = 0; fat.length < fatCount && difat < MAX_REGULAR_SECTOR; guard++) {
    if (guard > sectors) return null;
    const base = sectorOffset(difat);
    for (let i = 0; i < perSector - 1 && fat.length < fatCount; i++) {
      const s = u32(base + 4 * i);
      if (s === null) return null;
      fat.push(s);
    }
    const nextDifat = u32(base + size - 4);
    if (nextDifat === null) return null;
    difat = nextDifat;
  }

  const next = (sector: number): number | null => {
    const fatSector = fat[Math.floor(sector / perSector)];
    return fatSector === undefined ? null : u32(sectorOffset(fatSector) + 4 * (sector % perSector));
  };

  const names: string[] = [];
  let dir: number | null = view.getUint32(0x30, true);
  for (let guard = 0; dir !== null && dir < MAX_REGULAR_SECTOR; guard++) {
    const base = sectorOffset(dir);
    if (guard > sectors || base + size > bytes.length) return null;
    for (let e = base; e < base + size; e += DIR_ENTRY_BYTES) {
      const nameBytes = view.getUint16(e + 64, true);
      if (bytes[e + 66] !== STREAM || nameBytes < 2 || nameBytes > 64) continue;
      names.push(Buffer.from(bytes.buffer, bytes.byteOffset + e, nameBytes - 2).toString('utf16le'));
    }
    dir = next(dir);
  }
  return dir === null ? null : names;
}
