// One way to judge a parse against its corpus truth, for the text, spreadsheet and PDF variants.
import { toTruthJson, type StatementResult } from '../../src/parse/index.ts';
import { score } from '../shared-corpus.ts';

type TruthFile = { file: string; transactions: readonly unknown[] };

/**
 * A parse scored against the truth: exact when every row, every narration and the balance chain
 * are; with the scoring tool's figures and the first narration that differs, for failure messages.
 */
export function judgeParse(truth: TruthFile, result: StatementResult) {
  const s = score(truth, toTruthJson(result), truth.file);
  const exact: boolean =
    s.precision === 1 && s.recall === 1 && s.balanceOk === true && s.descriptionExact === s.expected;
  const got = result.accounts.flatMap((a) => a.transactions.map((t) => t.description));
  const want = (truth.transactions as { description: string }[]).map((t) => t.description);
  const k = want.findIndex((d, i) => d.replace(/\s+/g, ' ').trim() !== got[i]);
  const first = k >= 0 ? { row: k, want: want[k], got: got[k] } : {};
  return { exact, score: s, first };
}

/** No account left unreconciled, no line left unread, no page lost: what `bahi parse` ends with exit 0. */
export function cleanRead(result: StatementResult): boolean {
  return (
    result.accounts.some((a) => a.transactions.length > 0) &&
    result.accounts.every((a) => a.reconciliation.ok) &&
    !result.issues.some((i) => i.kind === 'row' || (i.kind === 'layout' && /page/i.test(i.message)))
  );
}
