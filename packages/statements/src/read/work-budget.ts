// The time a piece of OCR may take, counted as the work it got: the CPU time this process spends,
// every thread of it (the recogniser's thread is one of them), not the wall clock. On a loaded
// machine a page waits for a core: at a load of 13-15 on 2 cores the corpus's BOB_scanned and
// PNB_scanned ran out of 45 s of wall time a page, where a quiet machine reads them whole (decision
// 041, session 27). A server under load then failed a scan a quiet one reads. A wall-clock cap,
// WALL_FACTOR times the CPU allowed, still ends whatever waits without working (a recogniser
// stuck on something that never comes). The pool counts a reader's job the same way (issue 37).
// Within one reader process one page is read at a time, so the process's CPU is that page's.

/** How many times its CPU time a piece of work may take by the wall clock. */
export const WALL_FACTOR = 10;

export interface WorkBudget {
  /** CPU time it may take, in ms */
  readonly cpuMs: number;
  /** wall time it may take whatever its CPU, in ms */
  readonly wallMs: number;
  /** the process's CPU time and the wall clock when it began, in ms */
  readonly cpuAt: number;
  readonly wallAt: number;
}

/** This process's CPU time so far (user and system, all threads), in ms. */
export function processCpuMs(): number {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
}

/** A budget beginning now: `cpuMs` of CPU time, at most `wallMs` (WALL_FACTOR times that) of wall time. */
export function workBudget(cpuMs: number, wallMs = WALL_FACTOR * cpuMs): WorkBudget {
  return { cpuMs, wallMs, cpuAt: processCpuMs(), wallAt: Date.now() };
}

/** CPU time spent since the budget began, in ms. */
export function cpuSpent(b: WorkBudget): number {
  return processCpuMs() - b.cpuAt;
}

/** What is left, the less of the CPU and the wall time, in ms: 0 or less when it is spent. */
export function budgetLeft(b: WorkBudget): number {
  return Math.min(b.cpuMs - cpuSpent(b), b.wallMs - (Date.now() - b.wallAt));
}

/**
 * Call `onSpent` once the budget is spent; returns the cancel. The CPU time left is at least the
 * wall time it takes to spend it while one thread works, so the check waits that long and looks
 * again (at least 50 ms apart: a recogniser and the main thread together may spend it faster).
 */
export function whenSpent(b: WorkBudget, onSpent: () => void): () => void {
  let timer: NodeJS.Timeout;
  const check = () => {
    const left = budgetLeft(b);
    if (left <= 0) onSpent();
    else timer = setTimeout(check, Math.max(50, left));
  };
  timer = setTimeout(check, Math.max(0, budgetLeft(b)));
  return () => clearTimeout(timer);
}
