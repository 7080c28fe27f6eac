// The keys of a narration (a UPI ID, the payee, keywords), strongest first: what the ledger memory
// remembers a ledger by (server statements/ledger-memory.ts) and what the book's "same party, same
// ledger?" offer groups rows by (issue 34 round three). Moved here from the server so both use one.

export type NarrationKey = { key: string; kind: 'vpa' | 'payee' | 'word'; shown: string };

const VPA = /\b[a-z0-9][a-z0-9._]{1,63}@[a-z][a-z0-9]{1,30}\b/gi;

// Words banks print on every kind of row: they say nothing about who was paid.
const GENERIC = new Set(
  (
    'upi imps neft rtgs nach ach ecs mmt ift inb inft ib cr dr to by from transfer trf tfr payment pay paid ' +
    'received credit debit ref no txn transaction bank charges charge the and for via mob mobile net netbanking ' +
    'atm pos card cash wdl dep deposit withdrawal self a/c ac acct account chq cheque clg clearing int ' +
    'interest inward outward online rev reversal fee fees gst sent p2a p2m collect mandate auto pvt ltd ' +
    'jan feb mar apr may jun jul aug sep oct nov dec yes okicici okaxis oksbi okhdfcbank ybl ibl axl paytm'
  ).split(' '),
);

const words = (text: string) => text.toLowerCase().match(/[a-z]{3,}/g) ?? [];

/** The keys of one narration, strongest first. */
export function narrationKeys(description: string): NarrationKey[] {
  const keys: NarrationKey[] = [];
  const seen = new Set<string>();
  const add = (k: NarrationKey) => {
    if (!seen.has(k.key)) {
      seen.add(k.key);
      keys.push(k);
    }
  };
  const text = description.replace(/\s+/g, ' ').trim();
  for (const m of text.matchAll(VPA)) add({ key: `vpa:${m[0].toLowerCase()}`, kind: 'vpa', shown: m[0] });
  const withoutVpa = text.replace(VPA, ' ');
  // Narrations are segments split by '-', '/' or ':'; the payee is the first segment made of words
  // (not a reference number, not a bank keyword).
  for (const segment of withoutVpa.split(/[-/:|]/)) {
    const s = segment.trim();
    if (!/^[A-Za-z][A-Za-z .&']{2,}$/.test(s)) continue;
    const meaningful = words(s).filter((w) => !GENERIC.has(w));
    if (meaningful.length === 0) continue;
    add({ key: `payee:${meaningful.join(' ')}`, kind: 'payee', shown: s });
    break;
  }
  for (const w of words(withoutVpa)) {
    if (w.length >= 4 && !GENERIC.has(w)) add({ key: `word:${w}`, kind: 'word', shown: w.toUpperCase() });
  }
  return keys;
}

/** The party of a narration: its UPI ID, else its payee; null when it names neither. */
export function partyOf(description: string): NarrationKey | null {
  return narrationKeys(description).find((k) => k.kind !== 'word') ?? null;
}
