// Every bank the product reads. A new bank is one profile file and one line here (plus fixtures).
import type { BankCode } from '@bahi/core';
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

export const PROFILES: readonly BankProfile[] = [
  axis,
  kotak,
  hdfc,
  icici,
  sbi,
  bob,
  union,
  pnb,
  canara,
  utkarsh,
  bom,
  indianbank,
  bankofindia,
];

export function profileFor(code: BankCode): BankProfile | undefined {
  return PROFILES.find((p) => p.code === code);
}
