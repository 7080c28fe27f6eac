import type { ExtractAnswer, TaughtLayout } from '@bahi/contract';
import { BANK_LABELS, isBankCode } from '@bahi/core';
import { Alert, Anchor, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { lazy, Suspense, useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { storeToken } from '../auth/token.ts';
import { extractStatement, saveLayout, StatementCallError } from '../bank/api.ts';
import { EMPTY_MARKING, layoutOf, type Marking } from '../bank/layout-marking.ts';
import { keptFile, loadTeachSession } from '../bank/store.ts';
import { BackAndPages } from '../components/BackAndPages.tsx';
import { MarkedReadResult } from '../bank/MarkedReadResult.tsx';

// Teach Bahi this layout (/app/teach), issue 17: a statement the reader could not place. The user
// marks the table once on its page; Bahi re-reads the whole file with that layout (the file is sent
// again: the server never keeps files), shows the result, and on confirmation saves the layout so
// the next statement of the same shape is read with it. The marking is kept for a reload.

const LayoutMarker = lazy(() => import('../bank/LayoutMarker.tsx'));
const MARK_KEY = 'bahi.bank.teach.marking';

function loadMarking(): Marking {
  try {
    const raw = sessionStorage.getItem(MARK_KEY);
    return raw ? { ...EMPTY_MARKING, ...(JSON.parse(raw) as Partial<Marking>) } : EMPTY_MARKING;
  } catch {
    return EMPTY_MARKING;
  }
}

export default function TeachPage() {
  const navigate = useNavigate();
  const [teach] = useState(loadTeachSession);
  const [file, setFile] = useState<File | null>(null);
  const [marking, setMarking] = useState<Marking>(loadMarking);
  const [password, setPassword] = useState<string | undefined>(undefined);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [result, setResult] = useState<{ answer: ExtractAnswer; layout: TaughtLayout } | null>(null);
  const bankLabel = teach && isBankCode(teach.bank) ? BANK_LABELS[teach.bank] : (teach?.bank ?? '');
  const [name, setName] = useState(`${bankLabel} statement`.trim());

  useEffect(() => {
    void keptFile().then(setFile);
  }, []);
  useEffect(() => {
    try {
      sessionStorage.setItem(MARK_KEY, JSON.stringify(marking));
    } catch {
      // kept until a reload only
    }
  }, [marking]);

  if (!teach) {
    return (
      <Stack gap="md">
        <Title order={2}>Teach Bahi a layout</Title>
        <Text>No statement to teach. Upload one first.</Text>
        <Anchor component={Link} to="/app/select">
          Upload a statement
        </Anchor>
      </Stack>
    );
  }

  const check = layoutOf(marking);

  async function read() {
    if (!file || !teach || !('layout' in check)) return;
    setBusy(true);
    setProblem(null);
    setResult(null);
    try {
      const answer = await extractStatement(teach.bank, file, password, () => {}, check.layout);
      storeToken(answer.access_token);
      setResult({ answer, layout: check.layout });
    } catch (err) {
      setProblem(
        err instanceof StatementCallError
          ? `${err.reason?.message ?? err.detail} ${err.reason ? `Next step: move the boundaries or the first row and read again.` : ''}`
          : 'The statement could not be read with this layout.',
      );
    } finally {
      setBusy(false);
    }
  }

  function open(answer: ExtractAnswer) {
    if (!teach) return;
    sessionStorage.removeItem(MARK_KEY);
    // The result lives on the server (issue 19): the screen loads it by id.
    navigate(answer.statement_id ? `/app/bank/${answer.statement_id}` : '/app/bank');
  }

  async function save() {
    if (!result || !teach) return;
    const signature = result.answer.layout_signature;
    if (!signature) {
      setProblem('This file cannot be recognised again (no page geometry): open the result without saving.');
      return;
    }
    try {
      await saveLayout({
        name: name.trim(),
        bank: teach.bank,
        layout: result.layout,
        signature,
        // the statement just read shows 'Read with the layout you taught' (kept on the server)
        ...(result.answer.statement_id ? { statement_id: result.answer.statement_id } : {}),
      });
      open(result.answer);
    } catch (err) {
      setProblem(err instanceof StatementCallError || err instanceof Error ? err.message : 'Saving failed.');
    }
  }

  const r = result?.answer;
  return (
    <Stack gap="md">
      <BackAndPages />
      <Title order={2}>Teach Bahi this layout</Title>
      <Text size="sm">
        {teach.fileName}: {teach.reason} Mark the table once: add a boundary before the first column, between
        every two columns and after the last; name each column; press Mark first row and click the first
        transaction. Bahi then reads the whole file with it.
      </Text>
      <Anchor component={Link} to="/app/layouts" size="sm">
        Layouts you taught
      </Anchor>
      <Paper withBorder p="md">
        {file ? (
          <Suspense fallback={<Text>Loading PDF…</Text>}>
            <LayoutMarker file={file} marking={marking} onChange={setMarking} onPassword={setPassword} />
          </Suspense>
        ) : (
          <Text c="dimmed">The file is no longer here: upload it again.</Text>
        )}
      </Paper>
      <Group gap="sm" align="center">
        <Button onClick={() => void read()} disabled={!file || busy || !('layout' in check)} loading={busy}>
          Read with this layout
        </Button>
        {'problem' in check && (
          <Text size="sm" c="dimmed" role="status">
            {check.problem}
          </Text>
        )}
      </Group>
      {problem && (
        <Alert color="red" role="alert">
          {problem}
        </Alert>
      )}
      {r && (
        <MarkedReadResult
          answer={r}
          marks="your layout"
          nameLabel="Name of this layout"
          saveLabel="Save layout and open"
          name={name}
          onName={setName}
          onSave={() => void save()}
          onOpen={() => open(r)}
        />
      )}
    </Stack>
  );
}
