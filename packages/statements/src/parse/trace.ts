// Why a statement reads as it does: the decisions the reader took, each under a stable rule id, with
// where on the document it took them, and where each row came from. Collected only when asked
// (parseStatement's `trace` option): a read without one does no work for it.
import type { Transaction } from './types.ts';

/** Every rule that reports a decision, with what it decides. The ids are stable: tests and notes name them. */
export const RULES = {
  'detect.ifsc': 'the IFSC printed after its label names the bank',
  'detect.name': "the bank's name at the top, or its legal name in the page footer, names the bank",
  'detect.layout': "the column headings of one bank's statements name the bank",
  'detect.unknown': 'no bank Bahi has a profile for: the generic reader reads the table',
  'columns.heading': 'column headings the reader knows place the columns',
  'columns.rows': 'no known headings: the dated rows and their balances place the columns',
  'columns.taught': 'the layout the user marked places the columns',
  'columns.sequence':
    "cells set a space apart, their place no guide: the words' order gives the columns (the header's order, else date, narration, figures, the balance last)",
  'cells.cut':
    'text drawn as one item across column edges is cut where its words stand (a date with its time, a figure with its currency or mark stay one)',
  'cells.ran-long':
    "text a word space after a text cell, in a gutter or a figure column, is that cell's text run long",
  'cells.gutter':
    "words in a gutter far from every column: a column the model lacks, not the narration's or the date's",
  'rows.anchor': 'a line with a date and a figure in their columns starts a row',
  'rows.same-day':
    'a row with its value date and balance but no date is printed under the day of the row above',
  'rows.date-from-value':
    'a scanned row whose date the recogniser garbled is dated by its value date, or by the garbled date read back (mendOcrDate), and flagged',
  'rows.continuation': "a line without a date in the table goes on a row's narration",
  'rows.figures-below':
    "a line of figures without a date under a date line without figures: the row's figures",
  'rows.special': 'an opening, closing, brought or carried forward, or total line is no row',
  'rows.unreadable-date': 'a row with amounts whose date cannot be read: a break, and the table goes on',
  'rows.table-end': 'a line that is no row and no narration ends the table on its page',
  'rows.page-resumed': 'a page without a header of its own takes the table up at its first dated row',
  'rows.page-tail':
    "the last row's narration carried onto the next page, where no row follows: its lines finish that row",
  'values.row-unread': "a row's cells that give no transaction (no date, no narration)",
  'account.year-from-period': 'a date printed without its year takes it from the statement period',
  'account.newest-first': 'rows printed newest first are turned into date order',
  'account.side-by-balance': "an unsigned amount's side is the balance movement's",
  'account.side-by-narration':
    "with no opening balance, the first row's side is the one its narration's Dr/Cr word names, where every row the balance proves agrees",
  'account.side-by-totals':
    "with no opening balance, the first row's side is the one on which the rows give the printed counts and totals",
  'account.ocr-mended': 'a scanned figure read one digit wrong is mended by the running balance',
  'account.date-by-order':
    "a scanned row whose date read as no date, dated where the rows around it (or the period's ends) leave one day, and flagged",
  'account.ocr-date-mended':
    "a scanned row's date out of the statement's date order takes the value date read beside it when that is one digit from it, else the one date a digit from it that keeps the order, and is flagged",
  'account.balance-computed':
    'a row without a printed balance takes the running balance the next printed one proves',
  'account.break': 'a printed balance the rows before it do not lead to',
  'account.unread-line': 'a dated line with figures that no row accounts for: the read is not whole',
} as const;

export type RuleId = keyof typeof RULES;

export interface Decision {
  rule: RuleId;
  /** where the decision was taken: page (sheet, report) and the top of the line, page units */
  page?: number;
  y?: number;
  detail: string;
  /** columns.*: the bands the columns were given */
  bands?: { role: string; x0: number; x1: number }[];
}

/** Where a row was printed: its page and the top and bottom of its lines (page units). */
export interface RowSource {
  page: number;
  top: number;
  bottom: number;
  /** the lines the row was read from, its date line among them */
  lines: number;
}

export class Trace {
  readonly decisions: Decision[] = [];
  readonly rows = new Map<Transaction, RowSource>();

  add(decision: Decision): void {
    this.decisions.push(decision);
  }

  /** Takes on what another trace collected (a table read kept after trying several). */
  adopt(other: Trace): void {
    this.decisions.push(...other.decisions);
    for (const [t, s] of other.rows) this.rows.set(t, s);
  }
}
