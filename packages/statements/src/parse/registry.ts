// Every bank the product reads: one profile per code of the bank table in @bahi/core. The record is
// typed by BankCode, so a code added to that table without its profile here does not compile
// (docs/adding-a-bank.md).
import { BANK_CODES, type BankCode } from '@bahi/core';
import axis from './banks/axis.ts';
import bankofindia from './banks/bankofindia.ts';
import bob from './banks/bob.ts';
import bom from './banks/bom.ts';
import canara from './banks/canara.ts';
import hdfc from './banks/hdfc.ts';
import icici from './banks/icici.ts';
import indianbank from './banks/indianbank.ts';
import kotak from './banks/kotak.ts';
import pnb from './banks/pnb.ts';
import sbi from './banks/sbi.ts';
import union from './banks/union.ts';
import utkarsh from './banks/utkarsh.ts';
import type { BankProfile } from './profile.ts';

const BY_CODE: { readonly [C in BankCode]: BankProfile<C> } = {
  AXIS: axis,
  KOTAK: kotak,
  HDFC: hdfc,
  ICICI: icici,
  SBI: sbi,
  BOB: bob,
  UNION: union,
  PNB: pnb,
  CANARA: canara,
  UTKARSH: utkarsh,
  BOM: bom,
  INDIANBANK: indianbank,
  BANKOFINDIA: bankofindia,
};

/** Every profile, in the order of the bank table (detection tries them in this order). */
export const PROFILES: readonly BankProfile[] = BANK_CODES.map((code) => BY_CODE[code]);

export function profileFor(code: BankCode): BankProfile {
  return BY_CODE[code];
}
