import { BANKS, bankAccepts } from '@bahi/core';
import { Alert, Anchor, Button, List, NativeSelect, Paper, Stack, Text, Title } from '@mantine/core';
import { type ChangeEvent, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { ApiError } from '../api/client.ts';
import { storeToken } from '../auth/token.ts';
import { checkPasswordRequired, extractStatement, StatementCallError, type Progress } from '../bank/api.ts';
import { PasswordModal } from '../bank/PasswordModal.tsx';
import { countPdfPages, ProcessingOverlay } from '../bank/ProcessingOverlay.tsx';
import type { ReadReasonInfo } from '@bahi/contract';
import { ReadReasons } from '../bank/ReadStatus.tsx';
import { keepFile, primeStatement, saveTeachSession } from '../bank/store.ts';
import { fileTypeProblem, isSheetFile } from '../bank/validate.ts';
import { FileResults, readEach, type FileResult } from '../bank/FileResults.tsx';
import { BackAndPages } from '../components/BackAndPages.tsx';
import { FilesPicker } from '../components/FilePicker.tsx';
import { tell } from '../components/toasts.tsx';

/** The Excel kinds a bank's portal downloads, as the file picker names them ('XLSX or XLS'). */
const excelKinds = (bank: string) =>
  bank === ''
    ? 'XLSX or XLS'
    : [bankAccepts(bank, 'xlsx') && 'XLSX', bankAccepts(bank, 'xls') && 'XLS'].filter(Boolean).join(' or ');

/** No bank chosen: the server reads the bank from the file (the path's bank is `auto`). */
export const AUTO_BANK = 'auto';

// Bank selection (/app/select), spec sections 2, 4, 5 and 8: choose a bank (changing it clears the
// file), then a file; Submit checks whether a password is needed, then extracts and opens /app/bank.
// Issue 34: with no bank chosen the bank is read from the file; photos (JPG, PNG) are read by OCR;
// several files at once are read one by one, each with its own result in a list below.

const BANK_OPTIONS = [
  { value: '', label: 'Detect the bank from the file' },
  ...BANKS.map((b) => ({ value: b.code, label: b.label })),
];

export default function SelectPage() {
  const navigate = useNavigate();
  const [bank, setBank] = useState('');
  const [files, setFiles] = useState<File[]>([]);
  const file = files.length === 1 ? files[0]! : null;
  const [results, setResults] = useState<FileResult[]>([]);
  const pathBank = bank || AUTO_BANK;
  const [processing, setProcessing] = useState(false);
  const [progress, setProgress] = useState<Progress | null>(null);
  const [pages, setPages] = useState<number | null>(null);
  const [askPassword, setAskPassword] = useState(false);
  // What went wrong, in the page (issue 34: no window.alert): `said` is the specification's words or
  // the server's reason, `message` the detail or the next step.
  const [problem, setProblem] = useState<{ said?: string; message?: string; pay?: boolean } | null>(null);
  const [reason, setReason] = useState<ReadReasonInfo | null>(null);

  function chooseBank(e: ChangeEvent<HTMLSelectElement>) {
    setBank(e.currentTarget.value);
    setFiles([]);
    setReason(null);
  }

  function chooseFiles(chosen: File[]) {
    const wrong = chosen.map((f) => fileTypeProblem(f.name, bank)).find(Boolean);
    setProblem(wrong ? { said: wrong, message: 'Choose the statement as downloaded from the bank.' } : null);
    setFiles(chosen.filter((f) => !fileTypeProblem(f.name, bank)));
    setReason(null);
    setResults([]);
  }

  /** The reader could not place the table: mark it on the page preview (issue 17). */
  async function teach() {
    if (!file || !reason) return;
    await keepFile(file);
    saveTeachSession({ bank, fileName: file.name, reason: reason.message });
    navigate('/app/teach');
  }

  /** A sheet whose columns the reader could not name: mark them on its first rows (issue 35). */
  async function mapColumns() {
    if (!file || !reason) return;
    await keepFile(file);
    saveTeachSession({ bank, fileName: file.name, reason: reason.message });
    navigate('/app/map');
  }

  /** Extracts; true when done (the caller then leaves), false when the password was wrong. */
  async function extract(chosen: File, password?: string): Promise<boolean> {
    setProcessing(true);
    setProgress({ phase: 'upload', percent: 0 });
    try {
      const answer = await extractStatement(pathBank, chosen, password, setProgress);
      storeToken(answer.access_token);
      primeStatement(answer, bank || (answer.statement_info.bank ?? ''), chosen.name);
      await keepFile(chosen);
      // The result lives on the server (issue 19): the screen loads it by id.
      navigate(answer.statement_id ? `/app/bank/${answer.statement_id}` : '/app/bank');
      return true;
    } finally {
      setProcessing(false);
      setProgress(null);
    }
  }

  function explain(err: unknown, fallback: string) {
    if (err instanceof StatementCallError && err.status === 402) {
      setProblem({ message: err.detail, pay: true });
      return;
    }
    // The specification's words stay; beside them (or under them) the reason and the next step.
    setProblem(
      err instanceof StatementCallError && err.reason
        ? { said: fallback }
        : { said: fallback, message: err instanceof StatementCallError ? err.detail : undefined },
    );
    setReason(err instanceof StatementCallError ? (err.reason ?? null) : null);
  }

  /** Several files: each read in turn, its own result (or password field) in the list below. */
  async function submitMany() {
    setProblem(null);
    setReason(null);
    setProcessing(true);
    try {
      await readEach(pathBank, files, setResults);
    } finally {
      setProcessing(false);
    }
  }

  async function submit() {
    if (files.length > 1) return submitMany();
    if (!file) return;
    setProblem(null);
    setReason(null);
    setPages(await countPdfPages(file));
    let required: boolean;
    setProcessing(true);
    try {
      required = await checkPasswordRequired(pathBank, file);
    } catch (err) {
      setProcessing(false);
      // the password check is a plain call: its failure is an ApiError (a StatementCallError is one too)
      // The server's reason when it answered (a damaged PDF says it is damaged); the specification's
      // words when it could not be reached.
      setProblem(
        err instanceof ApiError && err.status > 0
          ? {
              said: err.detail,
              message: err.next ?? 'Choose the statement again, as downloaded from the bank.',
            }
          : { said: 'Failed to check password requirement.', message: 'Check the connection and try again.' },
      );
      return;
    }
    setProcessing(false);
    if (required) {
      setAskPassword(true);
      return;
    }
    try {
      await extract(file);
    } catch (err) {
      explain(err, 'Failed to extract statement.');
    }
  }

  async function confirmPassword(password: string) {
    if (!file) return;
    try {
      await extract(file, password);
      setAskPassword(false);
    } catch (err) {
      if (
        err instanceof StatementCallError &&
        (err.code === 'WRONG_PASSWORD' || err.code === 'PASSWORD_REQUIRED')
      ) {
        setReason(err.reason ?? null);
        tell('Incorrect password.', 'Type the password again, as the bank gave it.');
        return; // the modal stays open
      }
      setAskPassword(false);
      if (err instanceof StatementCallError && err.status > 0) explain(err, 'Failed to extract statement.');
      else explain(err, 'Error submitting password.');
    }
  }

  return (
    <Stack gap="md" maw={640}>
      <BackAndPages />
      <Title order={2}>Bank Statement Parser</Title>
      <Paper withBorder p="md">
        <Stack gap="md">
          <List size="sm" spacing={2}>
            <List.Item>
              Supported: HDFC, ICICI, SBI, BOB, Union and PNB (and the other banks in the list).
            </List.Item>
            <List.Item>Upload the statement as downloaded from the bank: PDF or RPT.</List.Item>
            <List.Item>
              No bank chosen: Bahi reads the bank from the file. Several files at once are read one by one,
              each with its own result. Photos of a statement (JPG, PNG) are read too.
            </List.Item>
            <List.Item>
              HDFC, ICICI and Axis Bank also export Excel: .xlsx is accepted for those banks, and the older
              .xls download for them and SBI.
            </List.Item>
            <List.Item>
              A spreadsheet or CSV whose columns Bahi cannot name: mark them once (Mark the columns), and that
              bank&apos;s later files are read the same way.
            </List.Item>
            <List.Item>Password-protected files ask for the password; it is never stored.</List.Item>
            <List.Item>
              A statement Bahi cannot read can be taught once:{' '}
              <Anchor component={Link} to="/app/layouts">
                layouts you taught
              </Anchor>
              .
            </List.Item>
          </List>
          <NativeSelect label="Bank" data={BANK_OPTIONS} value={bank} onChange={chooseBank} />
          <FilesPicker
            id="statement-file"
            label={`Statement files (PDF, RPT${excelKinds(bank) ? `, ${excelKinds(bank)}` : ''}${bank === '' ? ', CSV' : ''}, or a photo: JPG, PNG)`}
            accept={[
              '.pdf,.rpt,.png,.jpg,.jpeg',
              (bank === '' || bankAccepts(bank, 'xlsx')) && '.xlsx',
              (bank === '' || bankAccepts(bank, 'xls')) && '.xls',
              bank === '' && '.csv,.txt',
            ]
              .filter(Boolean)
              .join(',')}
            files={files}
            onChange={chooseFiles}
            hint={bank ? undefined : 'No bank chosen: the bank is read from each file.'}
          />
          {problem && (
            <Alert
              color={problem.pay ? 'yellow' : 'red'}
              role="alert"
              title={problem.said}
              data-said={problem.said}
            >
              {problem.message}{' '}
              {problem.pay && (
                <Anchor component={Link} to="/app/pay">
                  Buy pages
                </Anchor>
              )}
            </Alert>
          )}
          {reason && (
            <Stack gap="xs">
              <ReadReasons reasons={[reason]} title="Why it could not be read" />
              {(reason.code === 'NO_TABLE' || reason.code === 'SCAN_NO_TABLE') &&
                bank &&
                file?.name.toLowerCase().endsWith('.pdf') && (
                  <Button variant="light" onClick={() => void teach()} w="fit-content">
                    Teach Bahi this layout
                  </Button>
                )}
              {(reason.code === 'NO_TABLE' ||
                reason.code === 'NOT_RECONCILED' ||
                reason.code === 'ROWS_SKIPPED') &&
                file &&
                isSheetFile(file.name) && (
                  <Button variant="light" onClick={() => void mapColumns()} w="fit-content">
                    Mark the columns
                  </Button>
                )}
            </Stack>
          )}
          <Button onClick={() => void submit()} disabled={files.length === 0 || processing} w="fit-content">
            Submit
          </Button>
          {results.length > 0 && <FileResults bank={pathBank} results={results} onChange={setResults} />}
        </Stack>
      </Paper>
      <PasswordModal
        opened={askPassword}
        busy={processing}
        onConfirm={confirmPassword}
        onClose={() => setAskPassword(false)}
        text={reason?.code === 'WRONG_PASSWORD' ? `${reason.message} Next step: ${reason.next}` : undefined}
      />
      {processing && files.length === 1 && <ProcessingOverlay progress={progress} pages={pages} />}
      {processing && files.length > 1 && (
        <Text size="sm" aria-live="polite">
          Reading {files.length} files one by one…
        </Text>
      )}
    </Stack>
  );
}
