import type { ExtractAnswer } from '@bahi/contract';
import { defaultBankLedger } from '@bahi/core';
import {
  Anchor,
  Button,
  Group,
  Paper,
  PasswordInput,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { ApiError, saveBlob } from '../api/client.ts';
import { useSession } from '../auth/session.ts';
import { useSignInFirst } from '../auth/SignInFirst.tsx';
import { storeToken } from '../auth/token.ts';
import { checkPasswordRequired, downloadXml, extractStatement, StatementCallError } from './api.ts';
import type { ReadReasonInfo } from '@bahi/contract';
import { FilePicker } from '../components/FilePicker.tsx';
import { FallbackAccounts } from './FallbackAccounts.tsx';
import { ReaderNotes, ReadReasons } from './ReadStatus.tsx';
import { TransactionsTable } from './TransactionsTable.tsx';
import { XmlPreview } from './XmlPreview.tsx';
import { tell } from '../components/toasts.tsx';

// One per-bank parser screen (spec section 2 'Per-bank parser screens'): HDFC, SBI, Union, BOB and
// PNB differ only in these settings. The route has no guard: a visitor sees every control, and
// reading a statement (it spends pages) asks them to sign in first, then goes on with the file chosen.

type ParserSettings = {
  bank: 'hdfc' | 'sbi' | 'union' | 'bob' | 'pnb';
  title: string;
  accept: string;
  failure: string;
  passwordPlaceholder?: string;
  statementInfo?: boolean;
  fallbackAccounts?: boolean;
  /** PNB: images are accepted, and only PDFs are checked for (and sent) a password */
  passwordOnlyForPdf?: boolean;
};

const SIGN_IN_WHY = 'Reading a statement uses pages of your plan, so it needs an account.';

const isPdf = (f: File) => f.name.toLowerCase().endsWith('.pdf') || f.type === 'application/pdf';

export function ParserScreen({ settings }: { settings: ParserSettings }) {
  const session = useSession();
  const { ask, dialog } = useSignInFirst();
  const [file, setFile] = useState<File | null>(null);
  const [password, setPassword] = useState('');
  const [passwordRequired, setPasswordRequired] = useState(false);
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<ExtractAnswer | null>(null);
  const [ledger, setLedger] = useState('');
  const [failed, setFailed] = useState<ReadReasonInfo | null>(null);

  const mayNeedPassword = (f: File) => !settings.passwordOnlyForPdf || isPdf(f);

  async function choose(chosen: File | null) {
    setFile(chosen);
    setResult(null);
    setPassword('');
    setPasswordRequired(false);
    // a visitor's file is checked when they sign in to parse; until then the password box shows
    if (!chosen || !mayNeedPassword(chosen) || !session) return;
    try {
      setPasswordRequired(await checkPasswordRequired(settings.bank, chosen));
    } catch (err) {
      console.error('password check failed', err instanceof ApiError ? err.status : err); // spec: only logged
    }
  }

  async function parse(): Promise<ExtractAnswer | null> {
    if (!file) return null;
    setBusy(true);
    setFailed(null);
    try {
      const sendPassword = password && mayNeedPassword(file) ? password : undefined;
      const answer = await extractStatement(settings.bank, file, sendPassword);
      storeToken(answer.access_token);
      setResult(answer);
      const acc = answer.statement_info.account_number ?? '';
      setLedger(acc ? defaultBankLedger(settings.bank.toUpperCase(), acc) : '');
      return answer;
    } catch (err) {
      if (settings.bank === 'pnb') console.error('PNB parse failed', err);
      // the specification's words stay (in the page, issue 34); beside them, why and what to do next (issue 17)
      setFailed(err instanceof StatementCallError ? (err.why ?? null) : null);
      // a visitor's file was not checked before sign-in: keep the password box for the next try
      if (err instanceof StatementCallError && /PASSWORD/.test(err.code ?? '')) setPasswordRequired(true);
      tell(settings.failure, err instanceof StatementCallError ? err.why?.next : undefined);
      return null;
    } finally {
      setBusy(false);
    }
  }

  async function download() {
    const answer = result ?? (await parse());
    if (!answer) return;
    if (!answer.reconciliation.ok || answer.reasons.length > 0) {
      // a read that is not clean is never exported from here: it is fixed or accepted on the result screen
      tell(
        'This statement was not read cleanly.',
        'Open it in the bank statement parser to fix the rows or accept them.',
      );
      return;
    }
    const acc = answer.statement_info.account_number ?? 'account';
    try {
      const { blob, filename } = await downloadXml(settings.bank, {
        acc,
        transactions: answer.transactions,
        ledger_name: ledger.trim(),
        // the kept statement: the bank allocations take its references and value dates (issue 12)
        statement_id: answer.statement_id ?? undefined,
      });
      saveBlob(blob, filename);
    } catch (err) {
      if (err instanceof ApiError && err.status > 0) tell('Download failed', err.detail);
      else tell('Error while downloading.', 'Check the connection and try again.');
    }
  }

  const info = result?.statement_info;
  return (
    <Stack gap="md">
      <Title order={2}>{settings.title}</Title>
      {dialog}
      {!session && (
        <Text size="sm">
          Sign in to parse statements: reading one uses pages of your plan. Choose the file now; you are asked
          to sign in when you press Upload & Parse.
        </Text>
      )}
      <Paper withBorder p="md">
        <Stack gap="sm" maw={560}>
          <FilePicker
            id={`${settings.bank}-file`}
            label="Statement file"
            accept={settings.accept}
            file={file}
            onChange={(f) => void choose(f)}
          />
          {(passwordRequired || !session) && (
            <PasswordInput
              label="Password"
              placeholder={settings.passwordPlaceholder ?? 'Enter password'}
              autoComplete="off"
              value={password}
              onChange={(e) => setPassword(e.currentTarget.value)}
            />
          )}
          <Group gap="sm">
            <Button onClick={() => ask(SIGN_IN_WHY, () => void parse())} disabled={!file || busy}>
              {busy ? 'Parsing...' : 'Upload & Parse'}
            </Button>
            {settings.bank === 'pnb' && (
              <Button
                variant="default"
                onClick={() => ask(SIGN_IN_WHY, () => void download())}
                disabled={!file || busy}
              >
                Download XML
              </Button>
            )}
          </Group>
        </Stack>
      </Paper>
      {failed && <ReadReasons reasons={[failed]} title="Why it could not be read" />}
      {result && (
        <>
          <ReadReasons reasons={result.reasons} />
          <ReaderNotes issues={result.issues} notes={result.reconciliation.notes} />
          {settings.statementInfo && info && (
            <Paper withBorder p="md" aria-label="Statement Info">
              <Title order={4} mb="xs">
                Statement Info
              </Title>
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing={4}>
                <Text size="sm">Account number: {info.account_number ?? '—'}</Text>
                <Text size="sm">Account holder: {info.holder ?? '—'}</Text>
                <Text size="sm">IFSC: {info.ifsc ?? '—'}</Text>
                <Text size="sm">
                  Period: {info.period_from ?? '—'} to {info.period_to ?? '—'}
                </Text>
                <Text size="sm">Opening balance: ₹{info.opening_balance || '—'}</Text>
                <Text size="sm">Closing balance: ₹{info.closing_balance || '—'}</Text>
              </SimpleGrid>
            </Paper>
          )}
          <Stack gap="xs">
            <Title order={4}>Transactions</Title>
            <TransactionsTable rows={result.transactions} height={400} label="Transactions" />
          </Stack>
          {settings.bank !== 'pnb' && (
            <Group align="flex-end" gap="sm">
              <TextInput
                label="Tally ledger name"
                value={ledger}
                onChange={(e) => setLedger(e.currentTarget.value)}
              />
              <Button variant="default" onClick={() => void download()}>
                Download XML
              </Button>
            </Group>
          )}
          <XmlPreview xml={result.xml_preview} />
          {settings.fallbackAccounts && (
            <FallbackAccounts
              bank={settings.bank}
              accounts={result.fallback_accounts}
              onError={() => tell('Download failed', 'Try again.')}
            />
          )}
        </>
      )}
      {!result && (
        <Text size="sm" c="dimmed">
          Choose a statement file and press Upload & Parse. Or use the{' '}
          <Anchor component={Link} to="/app/select">
            bank statement parser
          </Anchor>{' '}
          for filters, ledgers and Send to Tally.
        </Text>
      )}
    </Stack>
  );
}
