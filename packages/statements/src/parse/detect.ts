// Which bank printed this statement: IFSC prefix and bank names in the header zone, never narrations.
import type { BankCode } from '@bahi/core';
import type { Line } from './lines.ts';
import { IFSC_BANKS } from './ifsc-banks.ts';
import { PROFILES } from './registry.ts';
import type { Detection } from './types.ts';

export function detectBank(
  headerZone: Line[],
  requested: BankCode | null,
  headerLine = '',
  /** lines a page footer may name the bank in: asked only when the header's top names none */
  footer: () => Line[] = () => [],
): Detection {
  // the fifth IFSC character is zero; a recogniser may read it as 'O' (or as 'O0'), and a copy with
  // its digits masked prints another digit there: after its label, four letters and seven is the code
  // the code follows its label, sometimes after a spelled-out name ('IFS (Indian Financial System) Code')
  // or in the line below its label, when the label heads a little table ('MICR  IFSC' over the values)
  const ifscIn = (t: string) => /\b([A-Z]{4})(?:O0|[0-9O])([A-Z0-9]{6})\b/.exec(t);
  const ifscLine = headerZone
    .map((l, i) =>
      /\bIFS/i.test(l.text)
        ? (ifscIn(l.text.replace(/^.*?\bIFS\w*/i, '')) ??
          (headerZone[i + 1] && headerZone[i + 1]!.page === l.page ? ifscIn(headerZone[i + 1]!.text) : null))
        : null,
    )
    .find(Boolean);
  const ifsc = ifscLine ? `${ifscLine[1]!.toUpperCase()}0${ifscLine[2]!.toUpperCase()}` : null;
  const byIfsc = ifsc ? PROFILES.find((p) => ifsc.startsWith(p.ifscPrefix)) : undefined;
  // the bank's name is printed at the top (look at the first lines only), or as its legal name on a
  // line of its own or after 'Registered Office' in the page footer; never in a narration
  const top = headerZone.slice(0, 6).map((l) => l.text.trim());
  const named = (texts: string[]) =>
    PROFILES.find((p) => texts.some((t) => p.names.some((re) => re.test(t))));
  const topName = named(top);
  const legal = topName ? [] : legalNames(footer());
  const byName = topName ?? named(legal);
  const byLayout = PROFILES.find((p) => p.headerHints && p.headerHints.every((re) => re.test(headerLine)));
  let code: BankCode | null = null;
  let confidence = 0;
  let reason: string;
  if (byIfsc && byName && byIfsc === byName) {
    code = byIfsc.code;
    confidence = 0.99;
    reason = `IFSC ${ifsc} and the bank name in the header`;
  } else if (byIfsc) {
    code = byIfsc.code;
    confidence = byName ? 0.7 : 0.9;
    reason = `IFSC ${ifsc} in the header`;
  } else if (byName) {
    code = byName.code;
    confidence = 0.8;
    reason = 'bank name in the header';
  } else if (byLayout) {
    code = byLayout.code;
    confidence = 0.6;
    reason = 'the column headers of its statements';
  } else if (ifsc) {
    // a bank Bahi has no profile for: its table is still read, by the generic reader
    const name = IFSC_BANKS[ifsc.slice(0, 4)] ?? printedBankName([...top, ...legal]);
    reason = `IFSC ${ifsc} in the header belongs to ${name ?? 'a bank Bahi has no profile for'}`;
    return {
      code: null,
      name,
      confidence: 0,
      requested,
      corrected: false,
      reason: requested ? `${reason}; the chosen bank ${requested} does not match` : reason,
    };
  } else {
    const name = printedBankName([...top, ...legal]);
    reason = name
      ? `the header names ${name}, a bank Bahi has no profile for`
      : 'no IFSC or bank name found in the header';
    // a document that names another bank is never read as the chosen one's, nor named after it
    // ('Savings Bank' in an account type names no bank: only a bank's own name overrides the choice)
    if (name && (requested === null || isBankName(name)))
      return {
        code: null,
        name,
        confidence: 0,
        requested,
        corrected: requested !== null,
        reason: requested ? `${reason}; the chosen bank ${requested} does not match` : reason,
      };
  }
  const corrected = requested !== null && code !== null && requested !== code;
  if (code === null && requested !== null) {
    return {
      code: requested,
      confidence: 0.3,
      requested,
      corrected: false,
      reason: `${reason}; using the requested bank`,
    };
  }
  if (requested === null && code !== null) reason = `${reason}; no bank was chosen`;
  if (corrected) reason = `${reason}; the chosen bank ${requested} does not match`;
  return { code, confidence, requested, corrected, reason };
}

/** A bank's name as a header prints it ('CENTRAL BANK OF INDIA', 'The Cosmos Co-operative Bank Ltd.'). */
function printedBankName(top: string[]): string | null {
  for (const t of top) {
    const m =
      /\b((?:[A-Z][A-Za-z&.-]*\s+){0,4}(?:Co-?operative\s+)?Bank(?:\s+of\s+[A-Z][A-Za-z]+)?(?:\s+(?:Ltd\.?|Limited))?)\b/i.exec(
        t,
      );
    if (!m) continue;
    const words = m[1]!.split(/\s+/);
    while (words.length > 1 && /^(?:statement|account|of|for|your|a\/c|in)$/i.test(words[0]!)) words.shift();
    if (words.length > 1) return words.join(' ');
  }
  return null;
}

/**
 * A bank's legal name where a statement prints it outside its table: a line that is the name alone
 * ('HDFC BANK LIMITED'), or the name after a 'Registered Office' label. A narration that mentions a
 * bank is neither.
 */
function legalNames(lines: Line[]): string[] {
  const out: string[] = [];
  for (const l of lines) {
    const t = l.text.trim();
    const m =
      /^((?:[A-Z][A-Za-z&.-]*\s+){0,4}BANK(?:\s+OF\s+[A-Z]+)?\s+(?:LIMITED|LTD\.?))\s*$/i.exec(t) ??
      /\bregistered\s+office(?:\s+address)?\s*[:-]\s*((?:[A-Z][A-Za-z&.-]*\s+){0,4}BANK(?:\s+(?:LIMITED|LTD\.?))?)/i.exec(
        t,
      );
    if (m) out.push(m[1]!.replace(/\s+/g, ' '));
  }
  return out;
}

const KNOWN_NAMES = new Set(Object.values(IFSC_BANKS).map((n) => n.toLowerCase()));

/** A bank's own name: one of the banks Bahi knows by IFSC, or a legal or co-operative bank's name. */
function isBankName(name: string): boolean {
  return KNOWN_NAMES.has(name.toLowerCase()) || /\b(?:ltd\.?|limited|co-?operative)(?:\s|$)/i.test(name);
}
