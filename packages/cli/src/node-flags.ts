// Node flags a long-running command needs from the start of its process (V8 sizes its heap once, as
// the process starts: v8.setFlagsFromString later changes nothing). `bahi serve` is started in
// many ways (the bin, `npm start`, a service manager, the e2e tests), so rather than ask each to
// pass the flags, the command restarts itself with them.

/**
 * Replace this process with the same command run with `flags` and `env` (process.execve: the same
 * process id, stdio and environment, nothing started twice). A flag already given by name, on the
 * command line or in NODE_OPTIONS, is kept as given, and so is a variable already set. Returns
 * without restarting when nothing is missing, or where execve does not exist (Windows): the
 * command then runs without them.
 */
export function restartWith(flags: readonly string[], env: Readonly<Record<string, string>> = {}): void {
  const given = [...process.execArgv, ...(process.env.NODE_OPTIONS ?? '').split(/\s+/)];
  const name = (flag: string) => flag.split('=')[0]!;
  const missing = flags.filter((f) => !given.some((g) => name(g) === name(f)));
  const unset = Object.keys(env).filter((k) => process.env[k] === undefined);
  if ((missing.length === 0 && unset.length === 0) || !process.execve) return;
  process.execve(
    process.execPath,
    [process.execPath, ...missing, ...process.execArgv, ...process.argv.slice(1)],
    { ...env, ...process.env },
  );
}
