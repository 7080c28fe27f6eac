// A TallyPrime masters export (the company's ledgers, groups, units...), read in a reader process
// (issue 33: 8 MB parsed on the request thread froze the API for 9.6 s at 1 GB; five at once, 31 s).
// The reader's time and memory limits bound the parse; the tag count refuses a file no company
// writes before the parser builds anything.
import { TallyError, readMastersFile, type TallyCompanySnapshot } from '@bahi/tally';
import { StatementError, errorKind } from '../errors.ts';

/**
 * Tags ('<') a masters file may hold. A ledger in a TallyPrime export takes 40-80 tags, so this is
 * 25,000-50,000 ledgers, well past what offices keep (MAX_TALLY_MASTERS counts every kind).
 */
export const MAX_MASTERS_TAGS = 2_000_000;

/** Counts the byte '<' (0x3C), in UTF-8 and UTF-16 alike, stopping past `max`. */
function tagsOver(bytes: Uint8Array, max: number): boolean {
  const buf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let n = 0;
  for (let at = buf.indexOf(0x3c); at >= 0; at = buf.indexOf(0x3c, at + 1)) if (++n > max) return true;
  return false;
}

/** The company's masters from its export file; StatementError with the user's words otherwise. */
export function readMasters(bytes: Uint8Array, maxTags = MAX_MASTERS_TAGS): TallyCompanySnapshot {
  if (tagsOver(bytes, maxTags))
    throw new StatementError('TOO_LARGE', {
      userMessage: 'The masters file is larger than any company’s export. Export the masters again.',
      logMessage: 'masters: too many tags',
    });
  try {
    return readMastersFile(bytes);
  } catch (err) {
    // Not a masters export: its words (never the file's) cross to the server as a refusal.
    if (err instanceof TallyError)
      throw new StatementError('UNSUPPORTED', {
        userMessage: err.userMessage,
        logMessage: `masters: ${err.code}`,
      });
    // The parser gave up on it (a stack too deep, say): the file's fault, not the server's.
    throw new StatementError('UNREADABLE', {
      userMessage: 'The file is not an XML export from TallyPrime.',
      logMessage: `masters: ${errorKind(err)}`,
    });
  }
}
