import type { ExtractAnswer } from '@bahi/contract';
import { Alert, Anchor, Badge, Button, Group, Paper, PasswordInput, Stack, Text } from '@mantine/core';
import { type Dispatch, type SetStateAction, useState } from 'react';
import { Link } from 'react-router';
import { ApiError } from '../api/client.ts';
import { storeToken } from '../auth/token.ts';
import { checkPasswordRequired, extractStatement, StatementCallError } from './api.ts';
import { bankMismatch, bankUnconfirmed } from './validate.ts';

// Several statements chosen at once on the selection screen (issue 34): each is read in turn and
// gets its own result here, as the office drop lists its files: the bank read from it (with a
// warning when it is not the bank chosen), its account, rows and balance proof, and a link to its
// result screen; a protected file asks for its own password in its row.

export type FileResult = {
  file: File;
  state: 'waiting' | 'reading' | 'password' | 'read' | 'failed';
  answer?: ExtractAnswer;
  message?: string;
  /** not enough pages: the message links to the plans */
  pay?: boolean;
};

type SetResults = Dispatch<SetStateAction<FileResult[]>>;

const PROTECTED = 'This file is protected: enter its password.';

/** Reads one file (the password check first, unless a password is given); never throws. */
async function readOne(bank: string, file: File, password?: string): Promise<Partial<FileResult>> {
  try {
    if (password === undefined && (await checkPasswordRequired(bank, file)))
      return { state: 'password', message: PROTECTED };
    const answer = await extractStatement(bank, file, password);
    storeToken(answer.access_token);
    return { state: 'read', answer, message: undefined, pay: false };
  } catch (err) {
    if (
      err instanceof StatementCallError &&
      (err.code === 'WRONG_PASSWORD' || err.code === 'PASSWORD_REQUIRED')
    )
      return { state: 'password', message: password ? 'Incorrect password.' : PROTECTED };
    const why = err instanceof StatementCallError ? err.why : undefined;
    return {
      state: 'failed',
      message: why
        ? `${why.message} Next step: ${why.next}`
        : err instanceof ApiError
          ? err.detail
          : 'Failed to extract statement.',
      pay: err instanceof ApiError && err.status === 402,
    };
  }
}

const update = (set: SetResults, i: number, change: Partial<FileResult>) =>
  set((all) => all.map((r, j) => (j === i ? { ...r, ...change } : r)));

/** Reads `files` one by one (the server reads each in a reader process; one at a time is fair). */
export async function readEach(bank: string, files: readonly File[], set: SetResults): Promise<void> {
  set(files.map((file) => ({ file, state: 'waiting' })));
  for (let i = 0; i < files.length; i++) {
    update(set, i, { state: 'reading' });
    update(set, i, await readOne(bank, files[i]!));
  }
}

export function FileResults({
  bank,
  results,
  onChange,
}: {
  bank: string;
  results: FileResult[];
  onChange: SetResults;
}) {
  return (
    <Stack gap="xs" aria-label="Files read" role="list">
      {results.map((r, i) => (
        <Paper key={`${i}:${r.file.name}`} withBorder p="sm" role="listitem" aria-label={r.file.name}>
          <Stack gap={4}>
            <Group justify="space-between" wrap="nowrap">
              <Text size="sm" fw={600} truncate="end">
                {r.file.name}
              </Text>
              <Badge color={STATE_COLOR[r.state]} variant="light">
                {STATE_LABEL[r.state]}
              </Badge>
            </Group>
            {r.state === 'read' && r.answer && <ReadSummary answer={r.answer} />}
            {r.state === 'failed' && (
              <Text size="sm" c="red.9" role="alert">
                {r.message}{' '}
                {r.pay && (
                  <Anchor component={Link} to="/app/pay">
                    Buy pages
                  </Anchor>
                )}
              </Text>
            )}
            {r.state === 'password' && (
              <PasswordRow
                name={r.file.name}
                message={r.message}
                onRead={async (password) => {
                  update(onChange, i, { state: 'reading' });
                  update(onChange, i, await readOne(bank, r.file, password));
                }}
              />
            )}
          </Stack>
        </Paper>
      ))}
    </Stack>
  );
}

const STATE_LABEL: Record<FileResult['state'], string> = {
  waiting: 'Waiting',
  reading: 'Reading…',
  password: 'Needs a password',
  read: 'Read',
  failed: 'Not read',
};
const STATE_COLOR: Record<FileResult['state'], string> = {
  waiting: 'gray',
  reading: 'blue',
  password: 'yellow',
  read: 'teal',
  failed: 'red',
};

function ReadSummary({ answer }: { answer: ExtractAnswer }) {
  const info = answer.statement_info;
  const warning = bankMismatch(answer.bank_detected);
  const note = bankUnconfirmed(answer.bank_detected);
  return (
    <>
      <Text size="sm">
        {info.bank_label}
        {info.account_number ? ` · A/c ${info.account_number}` : ''} · {answer.transactions.length} rows ·{' '}
        {answer.reconciliation.ok ? 'Balanced' : 'Does not balance'}
        {answer.statement_id && (
          <>
            {' · '}
            <Anchor component={Link} to={`/app/bank/${answer.statement_id}`}>
              Open
            </Anchor>
          </>
        )}
      </Text>
      {warning && (
        <Alert color="yellow" p="xs" role="status">
          {warning}
        </Alert>
      )}
      {note && (
        <Text size="xs" c="dimmed">
          {note}
        </Text>
      )}
    </>
  );
}

function PasswordRow(props: { name: string; message?: string; onRead: (password: string) => Promise<void> }) {
  const [password, setPassword] = useState('');
  return (
    <Group align="flex-end" gap="xs">
      <PasswordInput
        size="xs"
        label={`Password for ${props.name}`}
        description={props.message}
        value={password}
        onChange={(e) => setPassword(e.currentTarget.value)}
      />
      <Button size="xs" disabled={!password} onClick={() => void props.onRead(password)}>
        Read
      </Button>
    </Group>
  );
}
