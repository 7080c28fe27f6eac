import { Button, Group, NativeSelect, Paper, Stack, Text } from '@mantine/core';
import type * as pdfjs from 'pdfjs-dist';
import { type CSSProperties, type PointerEvent, useEffect, useRef, useState } from 'react';
import { EMPTY_MARKING, ROLE_OPTIONS, type Marking } from './layout-marking.ts';
import { PdfNotReady, usePdf } from './PdfViewer.tsx';

// Teach Bahi this layout (issue 17): on a page of the statement the user clicks to add column
// boundaries (and drags them), names each column, and marks the first transaction row. Positions are
// kept in page units (PDF points, origin top-left), as the reader's TaughtLayout wants them. Loaded
// only with the teaching screen.

/** Canvas pixels per PDF point. */
const MARK_SCALE = 1.5;

type Props = {
  file: File;
  marking: Marking;
  onChange: (m: Marking) => void;
  onPassword: (pw: string) => void;
};

export default function LayoutMarker({ file, marking, onChange, onPassword }: Props) {
  const state = usePdf(file, onPassword);
  if (state.kind !== 'ready') return <PdfNotReady state={state} />;
  return <Marker doc={state.doc} marking={marking} onChange={onChange} />;
}

function Marker({
  doc,
  marking,
  onChange,
}: {
  doc: pdfjs.PDFDocumentProxy;
  marking: Marking;
  onChange: (m: Marking) => void;
}) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const [size, setSize] = useState<{ w: number; h: number } | null>(null);
  const [mode, setMode] = useState<'bound' | 'top'>('bound');
  const [drag, setDrag] = useState<number | null>(null);

  useEffect(() => {
    let task: { cancel(): void } | undefined;
    void doc.getPage(marking.page).then((page) => {
      const c = canvas.current;
      if (!c) return;
      const viewport = page.getViewport({ scale: MARK_SCALE });
      c.width = viewport.width;
      c.height = viewport.height;
      setSize({ w: viewport.width, h: viewport.height });
      const render = page.render({ canvas: c, viewport });
      task = render;
      render.promise.catch(() => {});
    });
    return () => task?.cancel();
  }, [doc, marking.page]);

  const at = (e: PointerEvent<HTMLDivElement>) => {
    const box = e.currentTarget.getBoundingClientRect();
    return { x: (e.clientX - box.left) / MARK_SCALE, y: (e.clientY - box.top) / MARK_SCALE };
  };
  const round = (v: number) => Math.round(v * 10) / 10;

  function setBounds(bounds: number[]) {
    const sorted = [...bounds].sort((a, b) => a - b);
    if (sorted.length === marking.bounds.length) {
      onChange({ ...marking, bounds: sorted }); // moved: the bands keep their names
      return;
    }
    // a band keeps its name when a boundary is added to its right; new bands start as Ignore
    const roles = sorted.slice(0, -1).map((x0) => {
      const old = marking.bounds.findIndex((b) => Math.abs(b - x0) < 0.01);
      return old >= 0 && old < marking.roles.length ? marking.roles[old]! : 'other';
    });
    onChange({ ...marking, bounds: sorted, roles });
  }

  function click(e: PointerEvent<HTMLDivElement>) {
    if (drag !== null) return;
    const p = at(e);
    if (mode === 'top') {
      onChange({ ...marking, top: round(p.y) });
      setMode('bound');
      return;
    }
    setBounds([...marking.bounds, round(p.x)]);
  }

  const line = (style: CSSProperties) => ({ position: 'absolute' as const, ...style });
  return (
    <Stack gap="sm">
      <Group gap="xs">
        <Button size="xs" variant={mode === 'bound' ? 'filled' : 'default'} onClick={() => setMode('bound')}>
          Add column boundaries
        </Button>
        <Button size="xs" variant={mode === 'top' ? 'filled' : 'default'} onClick={() => setMode('top')}>
          Mark first row
        </Button>
        <Button size="xs" variant="subtle" onClick={() => onChange({ ...marking, bounds: [], roles: [] })}>
          Clear boundaries
        </Button>
        {doc.numPages > 1 && (
          <NativeSelect
            size="xs"
            aria-label="Page"
            value={String(marking.page)}
            data={Array.from({ length: Math.min(doc.numPages, 30) }, (_, i) => ({
              value: String(i + 1),
              label: `Page ${i + 1}`,
            }))}
            onChange={(e) => onChange({ ...EMPTY_MARKING, page: Number(e.currentTarget.value) })}
          />
        )}
      </Group>
      <Text size="sm" c="dimmed">
        {mode === 'top'
          ? 'Click on the first transaction row of the table.'
          : 'Click between two columns to add a boundary (one before the first column and one after the last); drag a boundary to move it, double-click it to remove it.'}
      </Text>
      <div style={{ overflow: 'auto', maxHeight: 700, border: '1px solid var(--mantine-color-gray-3)' }}>
        <div style={{ position: 'relative', width: size?.w, height: size?.h }}>
          <canvas ref={canvas} aria-label={`Page ${marking.page}`} style={{ display: 'block' }} />
          <div
            role="application"
            aria-label="Mark the table"
            data-scale={MARK_SCALE}
            style={{ position: 'absolute', inset: 0, cursor: mode === 'top' ? 'row-resize' : 'col-resize' }}
            onPointerUp={(e) => {
              if (drag !== null) {
                const bounds = [...marking.bounds];
                bounds[drag] = round(at(e).x);
                setDrag(null);
                setBounds(bounds);
                return;
              }
              click(e);
            }}
            onPointerMove={(e) => {
              if (drag === null) return;
              const bounds = [...marking.bounds];
              bounds[drag] = round(at(e).x);
              onChange({ ...marking, bounds });
            }}
          >
            {marking.top !== null && (
              <div
                aria-label="First row"
                style={line({
                  left: 0,
                  right: 0,
                  top: marking.top * MARK_SCALE,
                  borderTop: '2px solid var(--mantine-color-teal-6)',
                })}
              />
            )}
            {marking.bounds.map((x, i) => (
              <div
                key={i}
                aria-label={`Boundary ${i + 1}`}
                onPointerDown={(e) => {
                  e.stopPropagation();
                  e.currentTarget.parentElement?.setPointerCapture(e.pointerId);
                  setDrag(i);
                }}
                onDoubleClick={(e) => {
                  e.stopPropagation();
                  setBounds(marking.bounds.filter((_, k) => k !== i));
                }}
                style={line({
                  top: 0,
                  bottom: 0,
                  left: x * MARK_SCALE - 3,
                  width: 6,
                  cursor: 'ew-resize',
                  borderLeft: '2px solid var(--mantine-color-blue-6)',
                  background: 'rgba(34, 139, 230, 0.08)',
                })}
              />
            ))}
            {marking.bounds.slice(0, -1).map((x0, i) => (
              <div
                key={`r${i}`}
                style={line({
                  top: 4,
                  left: x0 * MARK_SCALE + 4,
                  fontSize: 10,
                  color: 'var(--mantine-color-blue-8)',
                  background: 'white',
                  pointerEvents: 'none',
                })}
              >
                {i + 1}
              </div>
            ))}
          </div>
        </div>
      </div>
      {marking.bounds.length >= 2 && (
        <Paper withBorder p="sm">
          <Text size="sm" fw={600} mb={4}>
            Name each column
          </Text>
          <Group gap="xs">
            {marking.bounds.slice(0, -1).map((x0, i) => (
              <NativeSelect
                key={`${x0}-${i}`}
                size="xs"
                label={`Column ${i + 1}`}
                data={ROLE_OPTIONS}
                value={marking.roles[i] ?? 'other'}
                onChange={(e) => {
                  const roles = [...marking.roles];
                  roles[i] = e.currentTarget.value as Marking['roles'][number];
                  onChange({ ...marking, roles });
                }}
              />
            ))}
          </Group>
        </Paper>
      )}
    </Stack>
  );
}
