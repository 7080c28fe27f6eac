import { Button, Group, Modal, PasswordInput, Stack, Text } from '@mantine/core';
import { type FormEvent, useState } from 'react';

/** The statement password modal: Confirm re-submits with the password; the caller closes it. */
export function PasswordModal({
  opened,
  busy,
  onConfirm,
  onClose,
}: {
  opened: boolean;
  busy: boolean;
  onConfirm: (password: string) => void;
  onClose: () => void;
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
          <Text size="sm">This statement is password-protected. Enter its password to read it.</Text>
          <PasswordInput
            label="Statement password"
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
