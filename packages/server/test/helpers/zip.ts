import { zipOf as zipEntries } from '../../../statements/scripts/bombs.ts';

/**
 * A zip of the entries, deflated, as the office queue's drops carry them; `declared` overrides the
 * uncompressed size the directory claims (a lying directory).
 */
export const zipOf = (files: { name: string; bytes: Buffer; declared?: number }[]): Buffer =>
  zipEntries(
    files.map((f) => ({ name: f.name, data: f.bytes, declared: f.declared })),
    { deflate: true },
  );
