import type { InboxAnswer, UnfiledInfo } from '@bahi/contract';
import { BANK_CODES, BANK_LABELS, defaultBankLedger } from '@bahi/core';
import { Button, Group, NativeSelect, Paper, Select, Stack, Text, Title } from '@mantine/core';
import { useCallback, useEffect, useState } from 'react';
import { notifyError, notifySuccess } from '../components/notify.ts';
import { DropZone } from './DropZone.tsx';
import { JobsTable } from './JobsTable.tsx';
import { addAccount, dropUnfiled, fileUnfiled, getInbox } from './api.ts';

// /app/inbox (issue 13): statements dropped on no client. Each is filed to whichever client's
// account its number names; the table lists them by account number. A statement whose number no
// client's account has waits here (issue 34 round three: it was shown on every client's page), to be
// filed into an account or to make the account of a client.
export default function InboxPage() {
  const [inbox, setInbox] = useState<InboxAnswer | null>(null);
  const load = useCallback(() => {
    getInbox().then(setInbox, (err) => notifyError('The inbox could not be loaded.', err));
  }, []);
  useEffect(load, [load]);
  return (
    <Stack gap="md">
      <Title order={2}>Inbox</Title>
      <Text size="sm" c="dimmed">
        Drop statements of any client here: each one is filed to the account its number names, among all your
        clients. A number no client has waits below for you to file it or add the account.
      </Text>
      <DropZone clientId={null} />
      <JobsTable clientId={null} onRead={load} />
      {inbox && inbox.unfiled.length > 0 && (
        <section aria-label="No client found">
          <Title order={3} mb="xs">
            No client found
          </Title>
          <Stack gap="xs">
            {inbox.unfiled.map((u) => (
              <InboxRow key={u.id} unfiled={u} accounts={inbox.accounts} onDone={load} />
            ))}
          </Stack>
        </section>
      )}
    </Stack>
  );
}

function InboxRow({
  unfiled,
  accounts,
  onDone,
}: {
  unfiled: UnfiledInfo;
  accounts: InboxAnswer['accounts'];
  onDone: () => void;
}) {
  const [into, setInto] = useState<string | null>(null);
  const [client, setClient] = useState<string | null>(null);
  // a statement that names no bank Bahi knows: the bank is chosen for its account
  const [bank, setBank] = useState(unfiled.bank);
  const clients = [...new Map(accounts.map((a) => [a.client_id, a.client_name])).entries()];
  const number = unfiled.account_number.replace(/[\s-]/g, '');
  const failed = (what: string) => (err: unknown) => notifyError(what, err);
  return (
    <Paper withBorder p="sm" aria-label={`Waiting statement ${unfiled.file_name}`}>
      <Text size="sm" mb="xs">
        {unfiled.file_name}: {BANK_LABELS[unfiled.bank as keyof typeof BANK_LABELS] ?? unfiled.bank} account{' '}
        {unfiled.account_number || '(no number printed)'}, {unfiled.rows} rows, {unfiled.period_from} to{' '}
        {unfiled.period_to}
      </Text>
      <Group gap="xs" wrap="wrap">
        {accounts.length > 0 && (
          <>
            <Select
              size="xs"
              aria-label="File into"
              placeholder="File into…"
              data={accounts.map((a) => ({
                value: a.id,
                label: `${a.client_name}: ${a.bank} ${a.account_number}`,
              }))}
              value={into}
              onChange={setInto}
            />
            <Button
              size="xs"
              variant="light"
              disabled={!into}
              onClick={() =>
                into &&
                void fileUnfiled(unfiled.id, into).then((f) => {
                  notifySuccess(f.message);
                  onDone();
                }, failed('The statement could not be filed.'))
              }
            >
              File
            </Button>
          </>
        )}
        {clients.length > 0 && number && (
          <>
            <Select
              size="xs"
              aria-label="Add the account to"
              placeholder="Add the account to…"
              data={clients.map(([value, label]) => ({ value, label }))}
              value={client}
              onChange={setClient}
            />
            {!unfiled.bank && (
              <NativeSelect
                size="xs"
                aria-label="Bank of the account"
                data={[
                  { value: '', label: 'Choose the bank' },
                  ...BANK_CODES.map((c) => ({ value: c, label: BANK_LABELS[c] })),
                ]}
                value={bank}
                onChange={(e) => setBank(e.currentTarget.value)}
              />
            )}
            <Button
              size="xs"
              disabled={!client || !bank}
              onClick={() =>
                client &&
                void addAccount(client, {
                  bank,
                  account_number: unfiled.account_number,
                  tally_ledger: defaultBankLedger(bank, number),
                }).then((made) => {
                  notifySuccess(`Account added; ${made.filed} waiting statement(s) filed into it.`);
                  onDone();
                }, failed('The account could not be added.'))
              }
            >
              Add account
            </Button>
          </>
        )}
        <Button
          size="xs"
          variant="subtle"
          color="red"
          onClick={() => void dropUnfiled(unfiled.id).then(onDone, failed('Not discarded.'))}
        >
          Discard
        </Button>
      </Group>
    </Paper>
  );
}
