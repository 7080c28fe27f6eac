import type { TallyCompanyAnswer } from '@bahi/contract';
import { TextInput, type TextInputProps } from '@mantine/core';
import { useId, useMemo } from 'react';
import { findLedger, ledgerOptions, TALLY_LEDGER_LIST_ID } from './company.ts';

// A ledger field that offers the company's ledgers (the browser's own suggestions from a <datalist>,
// each with its Tally group beside it) and says whether the name typed is one of them: if not, the
// export will create it. Free text stays allowed: creating a ledger is the user's choice. A datalist
// rather than a custom dropdown: one labelled input (screen readers and tests find it by its label
// alone) and the same suggestions the 20,000-row table's cells get.

type Props = Omit<TextInputProps, 'onChange' | 'value' | 'list'> & {
  company: TallyCompanyAnswer | null;
  value: string;
  onChange: (value: string) => void;
};

export function LedgerPicker({ company, value, onChange, description, ...rest }: Props) {
  const listId = useId();
  const groups = useMemo(() => ledgerOptions(company), [company]);
  const known = findLedger(company, value);
  const missing = Boolean(company && value.trim() && !known);
  const note =
    company && value.trim()
      ? known
        ? `In Tally under ${known.parent || 'Primary'}`
        : `Not in ${company.company.name}: it will be created`
      : description;
  return (
    <>
      <TextInput
        {...rest}
        value={value}
        onChange={(e) => onChange(e.currentTarget.value)}
        list={company ? listId : undefined}
        autoComplete="off"
        description={note}
        styles={missing ? { description: { color: 'var(--mantine-color-orange-8)' } } : undefined}
      />
      {company && (
        <datalist id={listId}>
          {groups.flatMap((g) => g.items.map((name) => <option key={name} value={name} label={g.group} />))}
        </datalist>
      )}
    </>
  );
}

/**
 * One <datalist> of the company's ledger names for the plain inputs of the transactions table (an
 * input with list={TALLY_LEDGER_LIST_ID} gets the browser's own suggestions).
 */
export function TallyLedgerDatalist({ company }: { company: TallyCompanyAnswer | null }) {
  if (!company) return null;
  return (
    <datalist id={TALLY_LEDGER_LIST_ID}>
      {company.ledgers.map((l) => (
        <option key={l.name} value={l.name} label={l.parent || 'Primary'} />
      ))}
    </datalist>
  );
}
