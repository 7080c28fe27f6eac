/** The 13 bank codes of the specification, in the order of the selection screen's dropdown. */
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
export type BankCode = (typeof BANK_CODES)[number];

/** Labels users know the banks by. The default Tally ledger of an account is `${label} A/c ${number}`. */
export const BANK_LABELS: Record<BankCode, string> = {
  AXIS: 'Axis Bank',
  KOTAK: 'Kotak Mahindra Bank',
  HDFC: 'HDFC Bank',
  ICICI: 'ICICI Bank',
  SBI: 'State Bank of India',
  BOB: 'Bank of Baroda',
  UNION: 'Union Bank of India',
  PNB: 'Punjab National Bank',
  CANARA: 'Canara Bank',
  UTKARSH: 'Utkarsh Small Finance Bank',
  BOM: 'Bank of Maharashtra',
  INDIANBANK: 'Indian Bank',
  BANKOFINDIA: 'Bank of India',
};

export function isBankCode(value: string): value is BankCode {
  return (BANK_CODES as readonly string[]).includes(value);
}
