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
  return walk(bytes)?.names ?? null;
}

/**
 * The bytes of the stream named `name` (the first of the names given that the file has), or null
 * when there is none, the file is damaged, or the stream is small enough to live in the mini stream
 * (under 4,096 bytes: not worth reading here). Sectors are copied once, in chain order.
 */
export function cfbStream(bytes: Uint8Array, names: readonly string[]): Uint8Array | null {
  const w = walk(bytes);
  if (!w) return null;
  const entry = names.map((n) => w.entries.find((e) => e.name === n)).find((e) => e);
  if (!entry || entry.size < 4096) return null;
  const out = new Uint8Array(entry.size);
  let filled = 0;
  let sector: number | null = entry.start;
  for (let guard = 0; filled < entry.size; guard++) {
    if (sector === null || sector >= MAX_REGULAR_SECTOR || guard > w.sectors) return null;
    const from = (sector + 1) * w.size;
    const take = Math.min(w.size, entry.size - filled);
    if (from + take > bytes.length) return null;
    out.set(bytes.subarray(from, from + take), filled);
    filled += take;
    sector = w.next(sector);
  }
  return out;
}

interface Walked {
  names: string[];
  entries: { name: string; start: number; size: number }[];
  size: number;
  sectors: number;
  next: (sector: number) => number | null;
}

function walk(bytes: Uint8Array): Walked | null {
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
  const entries: Walked['entries'] = [];
  let dir: number | null = view.getUint32(0x30, true);
  for (let guard = 0; dir !== null && dir < MAX_REGULAR_SECTOR; guard++) {
    const base = sectorOffset(dir);
    if (guard > sectors || base + size > bytes.length) return null;
    for (let e = base; e < base + size; e += DIR_ENTRY_BYTES) {
      const nameBytes = view.getUint16(e + 64, true);
      if (bytes[e + 66] !== STREAM || nameBytes < 2 || nameBytes > 64) continue;
      const name = Buffer.from(bytes.buffer, bytes.byteOffset + e, nameBytes - 2).toString('utf16le');
      names.push(name);
      entries.push({ name, start: view.getUint32(e + 116, true), size: view.getUint32(e + 120, true) });
    }
    dir = next(dir);
  }
  return dir === null ? null : { names, entries, size, sectors, next };
}
