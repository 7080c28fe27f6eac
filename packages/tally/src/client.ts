// Sends an import file to TallyPrime's XML server and reads its answer.
//
// Always IPv4: since Node 17 `localhost` may resolve to ::1 first, while TallyPrime's XML server
// listens on IPv4 only, so a request to localhost fails with ECONNREFUSED although Tally is running.
// We therefore turn 'localhost' into 127.0.0.1 and ask the resolver for IPv4 addresses only.
import { request } from 'node:http';
import { TallyError } from './errors.ts';
import { countImportObjects, parseTallyResponse, type TallyImportResult } from './response.ts';
import { decodeXmlBytes, encodeForTally } from './xml/encoding.ts';

export const TALLY_DEFAULT_PORT = 9000;
export const TALLY_DEFAULT_TIMEOUT_MS = 120_000;

export interface PushOptions {
  host?: string;
  port?: number;
  timeoutMs?: number;
}

export function tallyHost(host: string | undefined): string {
  const h = (host ?? '').trim();
  return !h || h.toLowerCase() === 'localhost' ? '127.0.0.1' : h;
}

/** Raw exchange: posts the bytes, returns Tally's answer as text. */
export function postToTally(xml: string, options: PushOptions = {}): Promise<string> {
  const host = tallyHost(options.host);
  const port = options.port ?? TALLY_DEFAULT_PORT;
  const timeoutMs = options.timeoutMs ?? TALLY_DEFAULT_TIMEOUT_MS;
  const body = encodeForTally(xml);
  const where = `${host}:${port}`;
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host,
        port,
        family: 4,
        // A connection per request: Node's global agent keeps sockets alive, and a push in parts that
        // reused one just as the server closed it idle failed with ECONNRESET (seen on a loaded box).
        agent: false,
        method: 'POST',
        path: '/',
        headers: { 'Content-Type': 'text/xml;charset=utf-16', 'Content-Length': body.length },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const text = decodeXmlBytes(Buffer.concat(chunks), String(res.headers['content-type'] ?? ''));
          if ((res.statusCode ?? 0) >= 400) {
            reject(
              new TallyError(
                'http',
                `Tally at ${where} answered with an error (${res.statusCode}).`,
                `tally ${where} HTTP ${res.statusCode}`,
              ),
            );
          } else resolve(text);
        });
        res.on('error', (err) =>
          reject(
            new TallyError(
              'io',
              `The connection to Tally at ${where} broke off.`,
              `tally ${where}: ${err.message}`,
            ),
          ),
        );
      },
    );
    req.setTimeout(timeoutMs, () => {
      req.destroy(
        new TallyError(
          'timeout',
          `Tally at ${where} did not answer within ${Math.round(timeoutMs / 1000)} seconds.`,
          `tally ${where}: timeout after ${timeoutMs} ms`,
        ),
      );
    });
    req.on('error', (err: NodeJS.ErrnoException) => {
      if (err instanceof TallyError) return reject(err);
      if (err.code === 'ECONNREFUSED') {
        return reject(
          new TallyError(
            'refused',
            `Could not connect to Tally at ${where}. Is TallyPrime open with a company loaded, and is its XML server (port ${port}) enabled?`,
            `tally ${where}: ECONNREFUSED`,
          ),
        );
      }
      if (
        err.code === 'EHOSTUNREACH' ||
        err.code === 'ENETUNREACH' ||
        err.code === 'ENOTFOUND' ||
        err.code === 'EAI_AGAIN'
      ) {
        return reject(
          new TallyError(
            'unreachable',
            `The computer ${host} cannot be reached.`,
            `tally ${where}: ${err.code}`,
          ),
        );
      }
      reject(
        new TallyError(
          'io',
          `Could not talk to Tally at ${where}.`,
          `tally ${where}: ${err.code ?? ''} ${err.message}`,
        ),
      );
    });
    req.end(body);
  });
}

/** Posts an import file and judges Tally's answer against the number of objects in it. */
export async function pushToTally(xml: string, options: PushOptions = {}): Promise<TallyImportResult> {
  let expected: number | undefined;
  try {
    expected = countImportObjects(xml);
  } catch {
    expected = undefined;
  }
  const answer = await postToTally(xml, options);
  return parseTallyResponse(answer, expected);
}
