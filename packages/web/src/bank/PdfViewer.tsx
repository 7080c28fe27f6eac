import { Button, Group, Loader, PasswordInput, Stack, Text } from '@mantine/core';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import * as pdfjs from 'pdfjs-dist';
import workerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url';

// The PDF preview, from our own bundle (pdf.js and its worker are served by us, never a CDN). This
// module is loaded only when the preview opens. Password-protected files ask for the password here;
// it stays in this component.

pdfjs.GlobalWorkerOptions.workerSrc = workerUrl;

/** Pages drawn at most: a preview, not a reader (the file may have hundreds). */
const MAX_PAGES = 30;
const NEED_PASSWORD = 1;

export type State =
  | { kind: 'loading' }
  | { kind: 'password'; message: string; submit: (pw: string) => void }
  | { kind: 'ready'; doc: pdfjs.PDFDocumentProxy }
  | { kind: 'error' };

/** Opens the file with pdf.js, asking for its password when it has one (kept by the caller only). */
export function usePdf(file: File | null, onPassword?: (pw: string) => void): State {
  const [state, setState] = useState<State>({ kind: 'loading' });

  useEffect(() => {
    if (!file) return;
    let cancelled = false;
    let task: pdfjs.PDFDocumentLoadingTask | undefined;
    void file.arrayBuffer().then((buf) => {
      if (cancelled) return;
      task = pdfjs.getDocument({ data: new Uint8Array(buf) });
      task.onPassword = (update: (pw: string) => void, reason: number) => {
        if (cancelled) return;
        setState({
          kind: 'password',
          message:
            reason === NEED_PASSWORD
              ? 'Enter the password to open this PDF file.'
              : 'Invalid password. Please try again.',
          submit: (pw) => {
            setState({ kind: 'loading' });
            onPassword?.(pw);
            update(pw);
          },
        });
      };
      task.promise.then(
        (doc) => !cancelled && setState({ kind: 'ready', doc }),
        () => !cancelled && setState({ kind: 'error' }),
      );
    });
    return () => {
      cancelled = true;
      void task?.destroy();
    };
    // onPassword is a callback of the caller: a new one must not reopen the file
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [file]);
  return state;
}

/**
 * A row to find on the pages (issue 34 round three: "Show row N" did not reach the PDF): the texts
 * its printed line holds (its balance, its amount), looked for in the pages' text; `at` asks again.
 */
export type PdfFind = { row: number; texts: string[]; at: number };
/** Where a row was found: its page and its line's top and height as fractions of the page. */
type Place = { row: number; page: number; top: number; height: number };

/** Figures compared without grouping or spaces: '1,23,456.00' and '123456.00' are one. */
const bare = (t: string) => t.replace(/[,\s]/g, '');

/** The first line of the first 30 pages holding every text, or null (a scan has no text to search). */
async function findLine(doc: pdfjs.PDFDocumentProxy, texts: string[]): Promise<Omit<Place, 'row'> | null> {
  const wanted = texts.map(bare).filter(Boolean);
  if (!wanted.length) return null;
  for (let n = 1; n <= Math.min(doc.numPages, MAX_PAGES); n++) {
    const page = await doc.getPage(n);
    const viewport = page.getViewport({ scale: 1 });
    const lines = new Map<number, string[]>();
    for (const item of (await page.getTextContent()).items) {
      if (!('str' in item) || !item.str.trim()) continue;
      const y = Math.round(item.transform[5] / 3) * 3; // one line: baselines within a few points
      lines.set(y, [...(lines.get(y) ?? []), item.str]);
    }
    for (const [y, strs] of [...lines.entries()].sort((a, b) => b[0] - a[0])) {
      const line = bare(strs.join(' '));
      if (wanted.every((w) => line.includes(w))) {
        const [, top] = viewport.convertToViewportPoint(0, y + 10);
        return { page: n, top: top / viewport.height, height: 14 / viewport.height };
      }
    }
  }
  return null;
}

export default function PdfViewer({ file, find }: { file: File | null; find?: PdfFind | null }) {
  const state = usePdf(file);
  const box = useRef<HTMLDivElement>(null);
  const [place, setPlace] = useState<Place | 'none' | null>(null);
  const doc = state.kind === 'ready' ? state.doc : null;

  useEffect(() => {
    if (!doc || !find) return;
    let cancelled = false;
    void findLine(doc, find.texts).then(
      (found) => !cancelled && setPlace(found ? { row: find.row, ...found } : 'none'),
      () => !cancelled && setPlace('none'),
    );
    return () => {
      cancelled = true;
    };
  }, [doc, find]);

  // the found line is brought to the middle of the pages' box
  useEffect(() => {
    if (!place || place === 'none' || !box.current) return;
    const canvas = box.current.querySelector<HTMLElement>(`[data-page="${place.page}"]`);
    if (!canvas) return;
    const boxRect = box.current.getBoundingClientRect();
    const y = canvas.getBoundingClientRect().top - boxRect.top + box.current.scrollTop;
    box.current.scrollTop = y + place.top * canvas.clientHeight - box.current.clientHeight / 2;
  }, [place]);

  if (!file) return <Text c="dimmed">No PDF file specified.</Text>;
  if (state.kind !== 'ready') return <PdfNotReady state={state} />;
  return (
    <Stack gap="sm">
      {place && (
        <Text size="sm" c="dimmed" role="status" aria-label="Row in the PDF">
          {place === 'none'
            ? `Row ${find ? find.row + 1 : ''} was not found in the PDF's text (a scanned page has none).`
            : `Row ${place.row + 1} is on page ${place.page}, marked.`}
        </Text>
      )}
      <Stack gap="sm" style={{ maxHeight: '80vh', overflow: 'auto' }} aria-label="PDF pages" ref={box}>
        {Array.from({ length: Math.min(state.doc.numPages, MAX_PAGES) }, (_, i) => (
          <div key={i} data-page={i + 1} style={{ position: 'relative' }}>
            <PageCanvas doc={state.doc} number={i + 1} />
            {place && place !== 'none' && place.page === i + 1 && (
              <div
                data-testid="pdf-row-mark"
                data-top={place.top.toFixed(3)}
                style={{
                  position: 'absolute',
                  left: 0,
                  right: 0,
                  top: `${place.top * 100}%`,
                  height: `${Math.max(place.height * 100, 1.2)}%`,
                  background: 'rgba(250, 176, 5, 0.35)',
                  outline: '2px solid var(--mantine-color-orange-9)',
                  pointerEvents: 'none',
                }}
              />
            )}
          </div>
        ))}
        {state.doc.numPages > MAX_PAGES && (
          <Text size="sm" c="dimmed">
            The first {MAX_PAGES} of {state.doc.numPages} pages are shown.
          </Text>
        )}
      </Stack>
    </Stack>
  );
}

/** What a PDF shows while it is not open yet: loading, its password form, or why it failed. */
export function PdfNotReady({ state }: { state: Exclude<State, { kind: 'ready' }> }) {
  if (state.kind === 'loading')
    return (
      <Group gap="xs">
        <Loader size="sm" />
        <Text>Loading PDF…</Text>
      </Group>
    );
  if (state.kind === 'error') return <Text c="red.8">Failed to load PDF file.</Text>;
  return <PasswordForm message={state.message} onSubmit={state.submit} />;
}

function PasswordForm({ message, onSubmit }: { message: string; onSubmit: (pw: string) => void }) {
  const [pw, setPw] = useState('');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSubmit(pw);
  };
  return (
    <form onSubmit={submit}>
      <Stack gap="xs" maw={360}>
        <Text role="alert">{message}</Text>
        <PasswordInput label="PDF password" value={pw} onChange={(e) => setPw(e.currentTarget.value)} />
        <Button type="submit" w="fit-content">
          Open
        </Button>
      </Stack>
    </form>
  );
}

function PageCanvas({ doc, number }: { doc: pdfjs.PDFDocumentProxy; number: number }) {
  const ref = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    let task: { cancel(): void } | undefined;
    void doc.getPage(number).then((page) => {
      const canvas = ref.current;
      if (!canvas) return;
      const viewport = page.getViewport({ scale: 1.3 });
      canvas.width = viewport.width;
      canvas.height = viewport.height;
      const render = page.render({ canvas, viewport });
      task = render;
      render.promise.catch(() => {});
    });
    return () => task?.cancel();
  }, [doc, number]);
  return (
    <canvas
      ref={ref}
      aria-label={`Page ${number}`}
      style={{
        display: 'block',
        width: '100%',
        maxWidth: 900,
        border: '1px solid var(--mantine-color-gray-3)',
      }}
    />
  );
}
