// Every fact about a bank Bahi reads, in one table. The selection screen's dropdown, the default
// Tally bank ledger, which files a bank's upload offers, the downloaded file's name, the IFSC a
// statement is recognised by and the README's list are all derived from BANKS; adding a bank is
// one line here, one profile in @bahi/statements and its fixtures (docs/adding-a-bank.md).

/** Files a bank's upload offers: PDF and RPT for every bank, Excel where its portal exports it. */
export type BankUpload = 'pdf' | 'rpt' | 'xlsx' | 'xls';

export type BankFacts = {
  /** The code of the API paths and the CLI's --bank (upper case; the URL takes any case). */
  readonly code: string;
  /** The name users know the bank by. */
  readonly label: string;
  /** The first five characters of its IFSC (RBI's four-letter bank code and the 0). */
  readonly ifscPrefix: string;
  /** What the default Tally ledger starts with when it is not the label ('BOB A/c …'). */
  readonly ledgerLabel?: string;
  /** The downloaded XML's name starts with this when it is not 'statement' ('bob_statement_…'). */
  readonly downloadPrefix?: string;
  readonly uploads: readonly BankUpload[];
};

const PDF_RPT = ['pdf', 'rpt'] as const;

/** The 13 banks of the specification, in the order of the selection screen's dropdown. */
export const BANKS = [
  { code: 'AXIS', label: 'Axis Bank', ifscPrefix: 'UTIB0', uploads: [...PDF_RPT, 'xlsx', 'xls'] },
  { code: 'KOTAK', label: 'Kotak Mahindra Bank', ifscPrefix: 'KKBK0', uploads: PDF_RPT },
  { code: 'HDFC', label: 'HDFC Bank', ifscPrefix: 'HDFC0', uploads: [...PDF_RPT, 'xlsx', 'xls'] },
  { code: 'ICICI', label: 'ICICI Bank', ifscPrefix: 'ICIC0', uploads: [...PDF_RPT, 'xlsx', 'xls'] },
  { code: 'SBI', label: 'State Bank of India', ifscPrefix: 'SBIN0', uploads: [...PDF_RPT, 'xls'] },
  // The specification names Bank of Baroda's ledger and download by its short name.
  {
    code: 'BOB',
    label: 'Bank of Baroda',
    ifscPrefix: 'BARB0',
    ledgerLabel: 'BOB',
    downloadPrefix: 'bob_statement',
    uploads: PDF_RPT,
  },
  { code: 'UNION', label: 'Union Bank of India', ifscPrefix: 'UBIN0', uploads: PDF_RPT },
  { code: 'PNB', label: 'Punjab National Bank', ifscPrefix: 'PUNB0', uploads: PDF_RPT },
  { code: 'CANARA', label: 'Canara Bank', ifscPrefix: 'CNRB0', uploads: PDF_RPT },
  { code: 'UTKARSH', label: 'Utkarsh Small Finance Bank', ifscPrefix: 'UTKS0', uploads: PDF_RPT },
  { code: 'BOM', label: 'Bank of Maharashtra', ifscPrefix: 'MAHB0', uploads: PDF_RPT },
  { code: 'INDIANBANK', label: 'Indian Bank', ifscPrefix: 'IDIB0', uploads: PDF_RPT },
  { code: 'BANKOFINDIA', label: 'Bank of India', ifscPrefix: 'BKID0', uploads: PDF_RPT },
] as const satisfies readonly BankFacts[];

export type BankCode = (typeof BANKS)[number]['code'];

export const BANK_CODES = BANKS.map((b) => b.code) as readonly BankCode[] as [BankCode, ...BankCode[]];

const BY_CODE = new Map<string, BankFacts>(BANKS.map((b) => [b.code, b]));

export function isBankCode(value: string): value is BankCode {
  return BY_CODE.has(value);
}

/** The table's row of a bank. */
export function bankFacts(code: BankCode): BankFacts {
  return BY_CODE.get(code)!;
}

/** Labels users know the banks by. */
export const BANK_LABELS = Object.fromEntries(BANKS.map((b) => [b.code, b.label])) as Record<
  BankCode,
  string
>;

/** A bank's label, or 'Bank' for no bank or one Bahi has no profile for. */
export function bankLabel(code: string | null | undefined): string {
  return (code && BY_CODE.get(code)?.label) || 'Bank';
}

/** What the default ledger of a bank's account starts with: its label, or 'BOB' for Bank of Baroda. */
export function ledgerLabel(code: string | null | undefined): string {
  const facts = code ? BY_CODE.get(code) : undefined;
  return facts ? (facts.ledgerLabel ?? facts.label) : 'Bank';
}

/** The specification's default bank ledger: '{label} A/c {acc}' ('BOB A/c {acc}'), 'HDFC Bank A/c' without a number. */
export function defaultBankLedger(code: string | null | undefined, acc: string | null | undefined): string {
  return accountLedger(ledgerLabel(code), acc);
}

/** The ledger of an account of a bank known by `label`: '{label} A/c {acc}', '{label} A/c' without a number. */
export function accountLedger(label: string, acc: string | null | undefined): string {
  const number = acc?.trim();
  return number ? `${label} A/c ${number}` : `${label} A/c`;
}

/** The downloaded XML's name: statement_{acc}.xml, bob_statement_{acc}.xml for Bank of Baroda. */
export function xmlDownloadName(code: string | null | undefined, acc: string): string {
  const facts = code ? BY_CODE.get(code) : undefined;
  return `${facts?.downloadPrefix ?? 'statement'}_${acc}.xml`;
}

/** Does this bank's upload offer this kind of file? */
export function bankAccepts(code: string, kind: BankUpload): boolean {
  return (BY_CODE.get(code)?.uploads as readonly string[] | undefined)?.includes(kind) ?? false;
}

/** The banks by code, for the README and help texts: 'AXIS, KOTAK, …, BANKOFINDIA'. */
export const bankCodeList = (): string => BANK_CODES.join(', ');
