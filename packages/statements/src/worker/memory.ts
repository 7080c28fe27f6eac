// Memory facts about reader processes, for the pool (docs/decisions/027-reader-processes.md).
import { readFileSync } from 'node:fs';
import os from 'node:os';

const MB = 1024 * 1024;
const PAGE = 4096;

/**
 * Resident memory of a process in MB, from /proc (Linux), or null where there is no /proc. Read
 * from outside, it answers even while the reader is stuck in a synchronous decode.
 */
export function residentMb(pid: number): number | null {
  try {
    const statm = readFileSync(`/proc/${pid}/statm`, 'latin1');
    return (Number(statm.split(' ')[1]) * PAGE) / MB;
  } catch {
    return null;
  }
}

/**
 * CPU time a process has used (user + system, every thread), in ms, from /proc (Linux), or null
 * where there is none. Clock ticks are 1/100 s on every Linux Node runs on (USER_HZ).
 */
export function cpuMsOf(pid: number): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'latin1');
    // after the command's name in parentheses (which may hold spaces): state is field 3, utime 14, stime 15
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ticks = Number(f[11]) + Number(f[12]);
    return Number.isFinite(ticks) ? ticks * 10 : null;
  } catch {
    return null;
  }
}

/** Half of the memory this process may have: the machine's, or a container's limit when lower. */
export function defaultBudgetMb(): number {
  const machine = os.totalmem();
  const constrained = process.constrainedMemory?.() ?? 0;
  const limit = constrained > 0 && constrained < machine ? constrained : machine;
  return Math.floor(limit / 2 / MB);
}

/**
 * What a reader holds resident once pdf.js and the parsers are loaded, between jobs (~122 MB
 * measured, Node 24.21), with some room: the pool's sizing assumes the readers other than one
 * sit near this.
 */
export const READER_REST_MB = 160;

/**
 * Readers for a budget shared with the pool's own process: one reader may reach its cap while the
 * others sit at rest (READER_REST_MB), at most one per core, at least one. E.g. a 1,024 MB budget,
 * a server of 300 MB and a 512 MB cap: 1 + (1024 - 300 - 512) / 160 = 2 readers.
 */
export function poolSizeFor(
  budgetMb: number,
  readerMb: number,
  ownMb = 0,
  cores = os.availableParallelism(),
): number {
  const others = Math.floor((budgetMb - ownMb - readerMb) / READER_REST_MB);
  return Math.max(1, Math.min(cores, 1 + others));
}

/**
 * The hard limit (RLIMIT_DATA) for a reader whose resident memory may reach `readerMb`.
 * RLIMIT_DATA counts writable private mappings, touched or not, and a reader maps ~1.1 GB it
 * never touches (measured with /proc/<pid>/status VmData against VmRSS, Node 24.21): V8 reserves
 * a ~510 MB code range per isolate (the reader's, and one per OCR recogniser), and each thread
 * has an 8 MB stack. Text readers sit at ~0.67-0.74 GB of VmData with ~170 MB resident; OCR takes
 * it to ~1.41-1.44 GB with ~340-390 MB resident. PROT_NONE reservations (WebAssembly's 10 GB
 * guard regions) do not count, which is why RLIMIT_AS, which counts them, cannot be used.
 */
export function hardLimitMbFor(readerMb: number): number {
  return readerMb + 1280;
}
