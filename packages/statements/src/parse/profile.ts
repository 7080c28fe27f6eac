import { bankFacts, type BankCode } from '@bahi/core';
import type { Aliases } from './columns/heading.ts';
import type { Line } from './lines.ts';
import type { Flow } from './wrap.ts';

/** A bank, declared: how to recognise it and what its table's quirks are. The reader does the rest. */
export interface BankProfile<C extends BankCode = BankCode> {
  code: C;
  /** names printed in the statement's header zone */
  names: RegExp[];
  /** the bank's IFSC prefix (first five characters), from the bank table of @bahi/core */
  ifscPrefix: string;
  /** column-header patterns that together identify the bank when nothing else does (exports) */
  headerHints?: RegExp[];
  /** header names beyond the common ones */
  aliases?: Aliases;
  /** where wrapped narration lines sit when the spacing does not tell */
  flow: Flow;
  /** how a wrapped reference cell joins: '' (broken mid-number) or ' ' (separate words) */
  referenceJoin: string;
  /** reference cells that are not references (a branch code printed in the cheque column) */
  referenceIgnore?: RegExp;
  /** consolidated statements: the account number a line starts a new account section with */
  accountStart?: (line: Line) => string | null;
}

/** A profile file's default export: what the file declares, with the IFSC prefix from the bank table. */
export const defineBank = <C extends BankCode>(p: Omit<BankProfile<C>, 'ifscPrefix'>): BankProfile<C> => ({
  ...p,
  ifscPrefix: bankFacts(p.code).ifscPrefix,
});
