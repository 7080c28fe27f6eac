import { MAX_DROP_FILES } from '@bahi/contract';
import { Button, Group, Paper, PasswordInput, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState, type DragEvent } from 'react';
import { ApiError } from '../api/client.ts';
import { notifyError, notifySuccess } from '../components/notify.ts';
import { dropFiles, jobsKey } from './jobs-api.ts';

// The office drop (issue 13): up to 100 statements at once on a client, or on the inbox (clientId
// null), by dragging them here or choosing them. Each file becomes a row of JobsTable, read by the
// queue; the page can be left at once: the files are on the server when the drop answers.

const ACCEPT = '.pdf,.xlsx,.xls,.rpt,.txt,.csv,.png,.jpg,.jpeg,.webp,.zip';

export function DropZone({
  clientId,
  onPassword,
}: {
  clientId: string | null;
  /**
   * Issue 34 round five: where given, the zone has a password field; the password typed before a
   * drop is handed over when the files are sent (the jobs table tries it on the files that wait for
   * one) and the field is emptied. Nothing keeps it beyond the page.
   */
  onPassword?: (password: string | null) => void;
}) {
  const queryClient = useQueryClient();
  const input = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);
  const [sending, setSending] = useState<number | null>(null);
  const [password, setPassword] = useState('');

  async function send(list: FileList | File[] | null) {
    const files = Array.from(list ?? []);
    if (files.length === 0 || sending !== null) return;
    if (files.length > MAX_DROP_FILES) {
      notifyError(
        'Too many files',
        new ApiError(413, `Drop at most ${MAX_DROP_FILES} files at once (you chose ${files.length}).`),
      );
      return;
    }
    setSending(files.length);
    try {
      const answer = await dropFiles(clientId, files);
      // each drop hands over its own password, or none: an earlier drop's is not tried on this one's
      onPassword?.(password || null);
      setPassword('');
      notifySuccess(
        `${answer.jobs.length} file${answer.jobs.length === 1 ? '' : 's'} received. They are read one by one below.`,
      );
      await queryClient.invalidateQueries({ queryKey: jobsKey(clientId) });
    } catch (err) {
      notifyError('The files could not be dropped.', err);
    } finally {
      setSending(null);
      if (input.current) input.current.value = '';
    }
  }

  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setOver(false);
    void send(e.dataTransfer.files);
  };

  return (
    <Paper
      withBorder
      p="lg"
      radius="md"
      data-testid="drop-zone"
      aria-label="Drop statements"
      onDragOver={(e) => {
        e.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={onDrop}
      style={{
        borderStyle: 'dashed',
        borderWidth: 2,
        borderColor: over ? 'var(--mantine-primary-color-filled)' : undefined,
        background: over ? 'var(--mantine-primary-color-light)' : undefined,
      }}
    >
      <Stack gap={6} align="center">
        <Text fw={600}>
          {sending !== null ? `Sending ${sending} file${sending === 1 ? '' : 's'}…` : 'Drop statements here'}
        </Text>
        <Text size="sm" c="dimmed" ta="center">
          Up to {MAX_DROP_FILES} files at once: PDF, Excel (XLSX, XLS), RPT, photos or scans, and .zip files
          of them. Each statement is filed to the account its number names.
        </Text>
        <Group align="flex-end" justify="center">
          {onPassword && (
            <PasswordInput
              label="Password of the protected files (optional)"
              description="Tried on the files of this drop that ask for one; not kept"
              value={password}
              onChange={(e) => setPassword(e.currentTarget.value)}
              autoComplete="off"
              w={300}
            />
          )}
          <Button variant="light" onClick={() => input.current?.click()} loading={sending !== null}>
            Choose files
          </Button>
        </Group>
        <input
          ref={input}
          type="file"
          multiple
          accept={ACCEPT}
          hidden
          data-testid="drop-input"
          aria-label="Statement files"
          onChange={(e) => void send(e.currentTarget.files)}
        />
      </Stack>
    </Paper>
  );
}

export default DropZone;
