import type { StatementTransaction } from '@bahi/contract';
import { Button, Group, Paper, Stack, TextInput, Title } from '@mantine/core';
import { defaultBankLedger } from '@bahi/core';
import { type FormEvent, useState } from 'react';
import { saveBlob } from '../api/client.ts';
import { downloadXml } from './api.ts';
import { TransactionsTable } from './TransactionsTable.tsx';
import { tell } from '../components/toasts.tsx';

// Per-account tables of a statement with several accounts (BOB consolidated), each with its XML
// form: the ledger name is required, defaults to the bank's default ledger, and the field is cleared
// 500 ms after the download (spec section 9).

const CLEAR_AFTER_MS = 500;

export function FallbackAccounts({
  bank,
  accounts,
  onError = () => tell('Failed to download XML.', 'Try again.'),
}: {
  bank: string;
  accounts: Record<string, StatementTransaction[]>;
  onError?: () => void;
}) {
  const entries = Object.entries(accounts);
  if (entries.length === 0) return null;
  return (
    <Stack gap="md">
      <Title order={4}>Fallback Accounts</Title>
      {entries.map(([acc, rows]) => (
        <AccountBlock key={acc} bank={bank} acc={acc} rows={rows} onError={onError} />
      ))}
    </Stack>
  );
}

function AccountBlock({
  bank,
  acc,
  rows,
  onError,
}: {
  bank: string;
  acc: string;
  rows: StatementTransaction[];
  onError: () => void;
}) {
  const [ledger, setLedger] = useState(defaultBankLedger(bank.toUpperCase(), acc));
  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!ledger.trim()) return;
    try {
      const { blob, filename } = await downloadXml(bank, {
        acc,
        transactions: rows,
        ledger_name: ledger.trim(),
      });
      saveBlob(blob, filename);
      setTimeout(() => setLedger(''), CLEAR_AFTER_MS);
    } catch {
      onError();
    }
  }
  return (
    <Paper withBorder p="sm">
      <Stack gap="xs">
        <Title order={5}>Account {acc}</Title>
        <TransactionsTable rows={rows} height={300} label={`Transactions of account ${acc}`} />
        <form onSubmit={submit}>
          <Group align="flex-end" gap="sm">
            <TextInput
              label="Ledger name"
              aria-label={`Ledger name for account ${acc}`}
              required
              value={ledger}
              onChange={(e) => setLedger(e.currentTarget.value)}
            />
            <Button type="submit">Download XML</Button>
          </Group>
        </form>
      </Stack>
    </Paper>
  );
}
