/** Runs `fn` a few times after a warm-up and prints the median and worst time. */
export function measure(name: string, runs: number, fn: () => unknown): { median: number; max: number } {
  fn();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    fn();
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  const median = times[Math.floor(times.length / 2)];
  const max = times[times.length - 1];
  console.log(`${name}: median ${median.toFixed(2)} ms, max ${max.toFixed(2)} ms over ${runs} runs`);
  return { median, max };
}
