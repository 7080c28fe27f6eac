import { Button, Group, Modal, PasswordInput, Stack, Text } from '@mantine/core';
import { type FormEvent, useState } from 'react';

/**
 * The password modal of a protected file (statement or workbook): Enter or Confirm re-submits with
 * the password; the caller closes it.
 */
export function PasswordModal({
  opened,
  busy,
  onConfirm,
  onClose,
  label = 'Statement password',
  text = 'This statement is password-protected. Enter its password to read it.',
}: {
  opened: boolean;
  busy: boolean;
  onConfirm: (password: string) => void;
  onClose: () => void;
  label?: string;
  text?: string;
}) {
  const [password, setPassword] = useState('');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (password) onConfirm(password);
  };
  return (
    <Modal opened={opened} onClose={onClose} title="Password required" centered>
      <form onSubmit={submit}>
        <Stack gap="sm">
          <Text size="sm">{text}</Text>
          <PasswordInput
            label={label}
            data-autofocus
            autoComplete="off"
            value={password}
            onChange={(e) => setPassword(e.currentTarget.value)}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={busy} disabled={!password}>
              Confirm
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
