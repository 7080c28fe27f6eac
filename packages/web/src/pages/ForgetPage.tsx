import { Anchor, Button, Stack, Text, TextInput, Title } from '@mantine/core';
import { EmailSchema } from '@bahi/contract';
import { type FormEvent, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { forgotPassword } from '../api/auth.ts';
import { ApiError } from '../api/client.ts';
import { saveFlowUser } from '../auth/flow.ts';
import { AuthLayout } from '../components/AuthLayout.tsx';

export default function ForgetPage() {
  const navigate = useNavigate();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(e: FormEvent) {
    e.preventDefault();
    const parsed = EmailSchema.safeParse(email);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Enter a valid e-mail address');
      return;
    }
    setError(null);
    setBusy(true);
    try {
      await forgotPassword({ email: parsed.data });
      // No name: after the code this flow goes on to /reset.
      saveFlowUser({ email: parsed.data });
      navigate('/verify');
    } catch (err) {
      setError(err instanceof ApiError ? err.detail : 'Could not send the code.');
    } finally {
      setBusy(false);
    }
  }

  return (
    <AuthLayout>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Title order={2}>Forgot password</Title>
          <Text size="sm" c="dimmed">
            Enter your e-mail and we will send you a 4-digit code.
          </Text>
          <TextInput
            label="Email"
            name="email"
            type="email"
            autoComplete="email"
            required
            value={email}
            error={error}
            onChange={(e) => setEmail(e.currentTarget.value)}
          />
          <Button type="submit" loading={busy} fullWidth>
            Send Code
          </Button>
          <Anchor component={Link} to="/login" size="sm" ta="center">
            Back to sign in
          </Anchor>
        </Stack>
      </form>
    </AuthLayout>
  );
}
