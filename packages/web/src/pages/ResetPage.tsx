import { Anchor, Button, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { PasswordSchema } from '@bahi/contract';
import { type FormEvent, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { resetPassword } from '../api/auth.ts';
import { clearFlowUser, readFlowUser } from '../auth/flow.ts';
import { AuthLayout } from '../components/AuthLayout.tsx';

export default function ResetPage() {
  const navigate = useNavigate();
  const [user] = useState(readFlowUser);
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(e: FormEvent) {
    e.preventDefault();
    const parsed = PasswordSchema.safeParse(password);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Enter a new password');
      return;
    }
    setError(null);
    setBusy(true);
    try {
      await resetPassword({ email: user?.email ?? '', new_password: parsed.data });
      clearFlowUser();
      window.alert('Password reset successfully');
      navigate('/login');
    } catch {
      window.alert('Password reset failed');
    } finally {
      setBusy(false);
    }
  }

  return (
    <AuthLayout>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Title order={2}>Choose a new password</Title>
          {user ? (
            <Text size="sm" c="dimmed">
              For <b>{user.email}</b>.
            </Text>
          ) : (
            <Text size="sm" c="orange.9">
              Start from{' '}
              <Anchor component={Link} to="/forget">
                Forgot Password
              </Anchor>{' '}
              to get a code first.
            </Text>
          )}
          <PasswordInput
            label="New password"
            name="new_password"
            autoComplete="new-password"
            required
            value={password}
            error={error}
            onChange={(e) => setPassword(e.currentTarget.value)}
          />
          <Button type="submit" loading={busy} fullWidth>
            Change Password
          </Button>
        </Stack>
      </form>
    </AuthLayout>
  );
}
