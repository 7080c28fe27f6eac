import { Button, CloseButton, Group, Stack, Text } from '@mantine/core';
import { type ReactNode, useId, useRef } from 'react';

// The one file field of every upload screen: a labelled 'Choose file' button, the chosen file's
// name and a remove button. The browser's own file input is hidden (its look and words change with
// the browser and the language); it is emptied after each pick, so the same file can be picked again.

type Props = {
  label: string;
  /** The input's id (tests and older links find the field by it). */
  id?: string;
  accept: string;
  file: File | null;
  /** The picked file (null when removed); the caller checks its type and may refuse it. */
  onChange: (file: File | null) => void;
  disabled?: boolean;
  /** A line under the field, e.g. what to do first. */
  hint?: ReactNode;
};

export function FilePicker({ label, id, accept, file, onChange, disabled, hint }: Props) {
  const input = useRef<HTMLInputElement>(null);
  const ownId = useId();
  const inputId = id ?? ownId;
  return (
    <Stack gap={4}>
      <Text component="label" htmlFor={inputId} size="sm" fw={600}>
        {label}
      </Text>
      <Group gap="xs" wrap="nowrap">
        <Button variant="default" size="xs" disabled={disabled} onClick={() => input.current?.click()}>
          Choose file
        </Button>
        <input
          ref={input}
          id={inputId}
          type="file"
          accept={accept}
          aria-label={label}
          disabled={disabled}
          style={{ display: 'none' }}
          onChange={(e) => {
            const f = e.currentTarget.files?.[0] ?? null;
            e.currentTarget.value = '';
            if (f) onChange(f);
          }}
        />
        {file ? (
          <Group gap={4} wrap="nowrap" miw={0}>
            <Text size="sm" data-testid="file-name" truncate="end">
              {file.name}
            </Text>
            <CloseButton size="sm" aria-label={`Remove ${file.name}`} onClick={() => onChange(null)} />
          </Group>
        ) : (
          <Text size="sm" c="dimmed">
            No file chosen
          </Text>
        )}
      </Group>
      {hint && (
        <Text size="xs" c="dimmed">
          {hint}
        </Text>
      )}
    </Stack>
  );
}

/**
 * The same field for several files at once (the selection screen, issue 34): each chosen file is
 * listed with its own remove button; picking again adds to the list.
 */
export function FilesPicker(props: {
  label: string;
  id?: string;
  accept: string;
  files: readonly File[];
  onChange: (files: File[]) => void;
  hint?: ReactNode;
}) {
  const input = useRef<HTMLInputElement>(null);
  const ownId = useId();
  const inputId = props.id ?? ownId;
  const { files, onChange } = props;
  return (
    <Stack gap={4}>
      <Text component="label" htmlFor={inputId} size="sm" fw={600}>
        {props.label}
      </Text>
      <Group gap="xs" wrap="nowrap">
        <Button variant="default" size="xs" onClick={() => input.current?.click()}>
          {files.length ? 'Add files' : 'Choose files'}
        </Button>
        <input
          ref={input}
          id={inputId}
          type="file"
          multiple
          accept={props.accept}
          aria-label={props.label}
          style={{ display: 'none' }}
          onChange={(e) => {
            const picked = Array.from(e.currentTarget.files ?? []);
            e.currentTarget.value = '';
            if (picked.length) onChange([...files, ...picked]);
          }}
        />
        {files.length === 0 && (
          <Text size="sm" c="dimmed">
            No file chosen
          </Text>
        )}
      </Group>
      {files.map((f, i) => (
        <Group key={`${i}:${f.name}`} gap={4} wrap="nowrap" miw={0}>
          <Text size="sm" data-testid="file-name" truncate="end">
            {f.name}
          </Text>
          <CloseButton
            size="sm"
            aria-label={`Remove ${f.name}`}
            onClick={() => onChange(files.filter((_, j) => j !== i))}
          />
        </Group>
      ))}
      {props.hint && (
        <Text size="xs" c="dimmed">
          {props.hint}
        </Text>
      )}
    </Stack>
  );
}
