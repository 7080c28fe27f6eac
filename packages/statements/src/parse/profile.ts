import type { BankCode } from '@bahi/core';
import type { Aliases } from './columns.ts';
import type { Line } from './layout.ts';
import type { Flow } from './table.ts';

/** A bank, declared: how to recognise it and what its table's quirks are. The reader does the rest. */
export interface BankProfile {
  code: BankCode;
  /** names printed in the statement's header zone */
  names: RegExp[];
  /** the bank's IFSC prefix (first five characters) */
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

export const defineBank = (p: BankProfile): BankProfile => p;
