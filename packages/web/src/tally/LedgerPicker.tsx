import type { TallyCompanyAnswer } from '@bahi/contract';
import { Autocomplete, type AutocompleteProps } from '@mantine/core';
import { useMemo } from 'react';
import { findLedger, ledgerOptions, TALLY_LEDGER_LIST_ID } from './company.ts';

// A ledger field that offers the company's ledgers (grouped by their Tally group) and says when the
// name typed is not one of them: the export will then create it. Free text stays allowed, as Tally's
// own ledger creation is the user's choice.

type Props = Omit<AutocompleteProps, 'data' | 'onChange' | 'value'> & {
  company: TallyCompanyAnswer | null;
  value: string;
  onChange: (value: string) => void;
};

export function LedgerPicker({ company, value, onChange, description, ...rest }: Props) {
  const data = useMemo(() => ledgerOptions(company), [company]);
  const known = findLedger(company, value);
  const note =
    company && value.trim()
      ? known
        ? `In Tally under ${known.parent || 'Primary'}`
        : `Not in ${company.company.name}: it will be created`
      : description;
  return (
    <Autocomplete
      {...rest}
      value={value}
      onChange={onChange}
      data={data}
      limit={50}
      maxDropdownHeight={280}
      description={note}
      styles={
        company && value.trim() && !known
          ? { description: { color: 'var(--mantine-color-orange-8)' } }
          : undefined
      }
    />
  );
}

/**
 * One <datalist> of the company's ledger names for plain inputs (a 20,000-row table cannot hold an
 * autocomplete per row; an input with list={TALLY_LEDGER_LIST_ID} gets the browser's own suggestions).
 */
export function TallyLedgerDatalist({ company }: { company: TallyCompanyAnswer | null }) {
  if (!company) return null;
  return (
    <datalist id={TALLY_LEDGER_LIST_ID}>
      {company.ledgers.map((l) => (
        <option key={l.name} value={l.name} />
      ))}
    </datalist>
  );
}
