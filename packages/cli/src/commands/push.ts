export async function run(_args: string[]): Promise<number> {
  process.stderr.write('bahi push: not built yet\n');
  return 1;
}
