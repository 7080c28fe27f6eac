import { Button, Divider, Group, Modal, Paper, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { ChangePasswordRequest } from '@bahi/contract';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router';
import { changePassword, deleteAccount, exportMyData, logoutEverywhere } from '../api/account.ts';
import { saveBlob } from '../api/client.ts';
import { clearToken, storeToken } from '../auth/token.ts';
import { notifyError, notifySuccess } from '../components/notify.ts';

export default function AccountPage() {
  return (
    <Stack gap="md" maw={560}>
      <Title order={2}>Manage Account</Title>
      <ChangePassword />
      <Devices />
      <MyData />
      <DeleteAccount />
    </Stack>
  );
}

function ChangePassword() {
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [error, setError] = useState<string | null>(null);
  const change = useMutation({
    mutationFn: changePassword,
    onSuccess: (answer) => {
      // Other devices are signed out; this one keeps working with the fresh token when one is sent.
      if (answer?.access_token) storeToken(answer.access_token);
      setCurrent('');
      setNext('');
      notifySuccess('Password changed');
    },
    onError: (err) => notifyError('Password not changed', err),
  });
  function submit(e: FormEvent) {
    e.preventDefault();
    const parsed = ChangePasswordRequest.safeParse({ current_password: current, new_password: next });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? 'Check the passwords');
    setError(null);
    change.mutate(parsed.data);
  }
  return (
    <Paper withBorder p="lg">
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Title order={4}>Change password</Title>
          <PasswordInput
            label="Current password"
            autoComplete="current-password"
            required
            value={current}
            onChange={(e) => setCurrent(e.currentTarget.value)}
          />
          <PasswordInput
            label="New password"
            autoComplete="new-password"
            required
            value={next}
            error={error}
            onChange={(e) => setNext(e.currentTarget.value)}
          />
          <Group justify="flex-end">
            <Button type="submit" loading={change.isPending}>
              Change password
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}

function Devices() {
  const navigate = useNavigate();
  const logoutAll = useMutation({
    mutationFn: logoutEverywhere,
    onSuccess: () => {
      clearToken();
      navigate('/login');
    },
    onError: (err) => notifyError('Could not sign out everywhere', err),
  });
  return (
    <Paper withBorder p="lg">
      <Stack gap="xs">
        <Title order={4}>Devices</Title>
        <Text size="sm" c="dimmed">
          Signs you out on every device, this one included.
        </Text>
        <Group justify="flex-end">
          <Button variant="default" loading={logoutAll.isPending} onClick={() => logoutAll.mutate()}>
            Sign out of every device
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

function MyData() {
  const download = useMutation({
    mutationFn: exportMyData,
    onSuccess: ({ blob, filename }) => saveBlob(blob, filename),
    onError: (err) => notifyError('Download failed', err),
  });
  return (
    <Paper withBorder p="lg">
      <Stack gap="xs">
        <Title order={4}>Your data</Title>
        <Text size="sm" c="dimmed">
          Your profile, history and rule sets as one JSON file.
        </Text>
        <Group justify="flex-end">
          <Button variant="default" loading={download.isPending} onClick={() => download.mutate()}>
            Download my data
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

function DeleteAccount() {
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState('');
  const remove = useMutation({
    mutationFn: deleteAccount,
    onSuccess: () => {
      clearToken('logout');
      navigate('/app/home');
    },
    onError: (err) => notifyError('Account not deleted', err),
  });
  return (
    <Paper withBorder p="lg" style={{ borderColor: 'var(--mantine-color-red-3)' }}>
      <Stack gap="xs">
        <Title order={4} c="red.8">
          Delete account
        </Title>
        <Text size="sm" c="dimmed">
          Deletes your account and all its data. This cannot be undone.
        </Text>
        <Group justify="flex-end">
          <Button color="red" variant="outline" onClick={() => setOpen(true)}>
            Delete account
          </Button>
        </Group>
      </Stack>
      <Modal opened={open} onClose={() => setOpen(false)} title="Delete your account?" centered>
        <form
          onSubmit={(e) => {
            e.preventDefault();
            if (password) remove.mutate({ password });
          }}
        >
          <Stack gap="sm">
            <Text size="sm">Enter your password to confirm. Your data is deleted for good.</Text>
            <PasswordInput
              label="Password"
              autoComplete="current-password"
              required
              data-autofocus
              value={password}
              onChange={(e) => setPassword(e.currentTarget.value)}
            />
            <Divider />
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setOpen(false)}>
                Cancel
              </Button>
              <Button type="submit" color="red" loading={remove.isPending} disabled={!password}>
                Delete for good
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
    </Paper>
  );
}
