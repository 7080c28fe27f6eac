// A `bahi worker` with one difference, for the kill -9 test: it announces each file it starts on
// stdout and then holds it (as a long OCR read would) until the process is killed.
import { setTimeout as sleep } from 'node:timers/promises';
import { openDatabase } from '../../src/db/index.ts';
import { lineLog, startQueue } from '../../src/queue/index.ts';

const database = await openDatabase({ databaseUrl: process.env.DATABASE_URL, pgliteDir: '' });
const queue = await startQueue(database, lineLog, { workers: false });
await queue.work({
  beforeRead: async (jobId) => {
    process.stdout.write(`holding ${jobId}\n`);
    await sleep(10 * 60_000);
  },
});
process.stdout.write('ready\n');
