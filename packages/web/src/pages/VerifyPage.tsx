import { Anchor, Button, Group, Stack, Text, Title } from '@mantine/core';
import { type FormEvent, useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { sendOtp, verifyOtp } from '../api/auth.ts';
import { afterVerify, readFlowUser, saveResetToken } from '../auth/flow.ts';
import { AuthForm, AuthLayout } from '../components/AuthLayout.tsx';
import { CODE_LENGTH, CodeBoxes } from '../components/CodeBoxes.tsx';

/** Spec section 9: the resend wait. */
export const RESEND_SECONDS = 50;

const emptyCode = () => Array.from({ length: CODE_LENGTH }, () => '');

export default function VerifyPage() {
  const navigate = useNavigate();
  const [user] = useState(readFlowUser);
  const [digits, setDigits] = useState(emptyCode);
  const [left, setLeft] = useState(RESEND_SECONDS);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (left <= 0) return;
    const t = setTimeout(() => setLeft((s) => s - 1), 1000);
    return () => clearTimeout(t);
  }, [left]);

  if (!user) {
    return (
      <AuthLayout>
        <Stack gap="sm">
          <Title order={2}>Verify your e-mail</Title>
          <Text>There is no code waiting for this browser.</Text>
          <Text size="sm">
            <Anchor component={Link} to="/signup">
              Sign up
            </Anchor>{' '}
            or{' '}
            <Anchor component={Link} to="/forget">
              reset your password
            </Anchor>{' '}
            to get a code.
          </Text>
        </Stack>
      </AuthLayout>
    );
  }

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (busy || digits.some((d) => d === '')) return; // ignored while any box is empty
    setBusy(true);
    try {
      const answer = await verifyOtp({ email: user!.email, otp: digits.join('') });
      saveResetToken(answer?.reset_token);
      navigate(afterVerify(user));
    } catch {
      window.alert('Verification failed');
    } finally {
      setBusy(false);
    }
  }

  function resend() {
    setDigits(emptyCode());
    setLeft(RESEND_SECONDS);
    // Whether a new mail went out is not shown to the user beyond the restarted countdown.
    sendOtp(user!).catch(() => undefined);
  }

  return (
    <AuthForm title="Verify your e-mail" onSubmit={submit}>
      <Text size="sm" c="dimmed">
        Enter the 4-digit code sent to <b>{user.email}</b>.
      </Text>
      <CodeBoxes digits={digits} onChange={setDigits} disabled={busy} />
      <Button type="submit" loading={busy} fullWidth>
        Verify
      </Button>
      <Group justify="center" gap="xs">
        {left > 0 ? (
          <Text size="sm" c="dimmed" aria-live="polite">
            Resend code in {left}s
          </Text>
        ) : (
          <Button variant="subtle" size="compact-sm" onClick={resend}>
            Resend
          </Button>
        )}
      </Group>
    </AuthForm>
  );
}
