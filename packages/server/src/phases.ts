// Where a signed-in read's time goes beyond the read itself (issue 38), measured through the
// running server: the statement routes mark the end of each phase of a request (the upload, the
// checks before the read, the read, saving the rows, the answer). Nothing is kept unless a
// benchmark installs a recorder (bench/bench-server.ts with BENCH_PHASES=1, for
// bench/user-speed-bench.ts); without one a mark is a call that does nothing.

/** Told each phase a request ends: its name, and `ms` when the phase's length is known already. */
export type PhaseRecorder = (request: object, phase: string, ms?: number) => void;

let recorder: PhaseRecorder | null = null;

/** Installs (or, with null, removes) the recorder of the requests' phases. */
export function recordPhases(next: PhaseRecorder | null): void {
  recorder = next;
}

/** The request's phase `name` ends now (or took `ms`, timed by its caller). */
export function phaseEnds(request: object, name: string, ms?: number): void {
  recorder?.(request, name, ms);
}
