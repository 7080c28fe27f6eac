// A corpus file as the production reader makes it (readDocument, what the worker runs on an
// upload): the fixture script, the debug scripts and the tests all read files this one way.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { readDocument } from '../../src/read/index.ts';
import type { SourceDocument } from '../../src/source.ts';

export async function loadSource(file: string, password?: string | null): Promise<SourceDocument> {
  const bytes = new Uint8Array(await readFile(file));
  const read = await readDocument(bytes, { password: password || undefined, fileName: path.basename(file) });
  return read.doc;
}
