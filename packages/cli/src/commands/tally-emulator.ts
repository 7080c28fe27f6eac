export async function run(_args: string[]): Promise<number> {
  process.stderr.write('bahi tally-emulator: not built yet\n');
  return 1;
}
