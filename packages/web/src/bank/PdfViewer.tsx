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

export default function PdfViewer({ file }: { file: File | null }) {
  const state = usePdf(file);

  if (!file) return <Text c="dimmed">No PDF file specified.</Text>;
  if (state.kind !== 'ready') return <PdfNotReady state={state} />;
  return (
    <Stack gap="sm" style={{ maxHeight: 600, overflow: 'auto' }} aria-label="PDF pages">
      {Array.from({ length: Math.min(state.doc.numPages, MAX_PAGES) }, (_, i) => (
        <PageCanvas key={i} doc={state.doc} number={i + 1} />
      ))}
      {state.doc.numPages > MAX_PAGES && (
        <Text size="sm" c="dimmed">
          The first {MAX_PAGES} of {state.doc.numPages} pages are shown.
        </Text>
      )}
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
      style={{ width: '100%', maxWidth: 900, border: '1px solid var(--mantine-color-gray-3)' }}
    />
  );
}
