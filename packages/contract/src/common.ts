import { z } from 'zod';

/** Every error answer of the API. */
export const ErrorAnswer = z.object({ detail: z.string() });
export type ErrorAnswer = z.infer<typeof ErrorAnswer>;

/** The 13 bank codes of the specification, in dropdown order. */
export const BANK_CODES = [
  'AXIS',
  'KOTAK',
  'HDFC',
  'ICICI',
  'SBI',
  'BOB',
  'UNION',
  'PNB',
  'CANARA',
  'UTKARSH',
  'BOM',
  'INDIANBANK',
  'BANKOFINDIA',
] as const;
export const BankCode = z.enum(BANK_CODES);
export type BankCode = z.infer<typeof BankCode>;
