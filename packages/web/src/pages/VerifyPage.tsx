import { Anchor, Button, Group, Text, TextInput } from '@mantine/core';
import { type FormEvent, useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { sendOtp, verifyOtp } from '../api/auth.ts';
import { ApiError } from '../api/client.ts';
import { afterVerify, readFlowUser, saveFlowUser, saveResetToken } from '../auth/flow.ts';
import { AuthForm } from '../components/AuthLayout.tsx';
import { CODE_LENGTH, CodeBoxes } from '../components/CodeBoxes.tsx';
import { ServerReason } from '../components/ServerReason.tsx';
import { tell } from '../components/toasts.tsx';

/** Spec section 9: the resend wait. */
export const RESEND_SECONDS = 50;

const emptyCode = () => Array.from({ length: CODE_LENGTH }, () => '');

/** The seconds of a 429 "Please wait 38 seconds before asking for a new code." (0 when none). */
const waitOf = (err: unknown) =>
  err instanceof ApiError && err.status === 429 ? Number(/(\d+) seconds?/.exec(err.detail)?.[1] ?? 0) : 0;

export default function VerifyPage() {
  const navigate = useNavigate();
  const [user, setUser] = useState(readFlowUser);
  const [digits, setDigits] = useState(emptyCode);
  const [left, setLeft] = useState(RESEND_SECONDS);
  const [busy, setBusy] = useState(false);
  // Why the last Resend or Verify was refused (a wait, a lock-out after wrong codes), in the page.
  const [error, setError] = useState<unknown>(null);
  const [email, setEmail] = useState('');

  useEffect(() => {
    if (left <= 0) return;
    const t = setTimeout(() => setLeft((s) => s - 1), 1000);
    return () => clearTimeout(t);
  }, [left]);

  if (!user) {
    // No code asked from this browser (the tab closed before the code was typed, another device):
    // a new code for the e-mail, then the boxes (issue 34). The server sends what the account
    // waits for (a sign-up code, or a reset code after Forgot Password) and says nothing of others.
    const askCode = async (e: FormEvent) => {
      e.preventDefault();
      const address = email.trim();
      if (!address) {
        setError('Enter the e-mail you signed up with.');
        return;
      }
      setBusy(true);
      setError(null);
      try {
        await sendOtp({ email: address });
        saveFlowUser({ email: address });
        setUser({ email: address });
        setLeft(RESEND_SECONDS);
      } catch (err) {
        setError(err);
      } finally {
        setBusy(false);
      }
    };
    return (
      <AuthForm title="Verify your e-mail" onSubmit={(e) => void askCode(e)}>
        <Text>There is no code waiting for this browser.</Text>
        <TextInput
          label="Email"
          type="email"
          autoComplete="username"
          value={email}
          onChange={(e) => setEmail(e.currentTarget.value)}
        />
        <Button type="submit" loading={busy} fullWidth>
          Send a new code
        </Button>
        <Reason error={error} />
        <Text size="sm">
          New here?{' '}
          <Anchor component={Link} to="/signup">
            Sign up
          </Anchor>
          . Forgot the password?{' '}
          <Anchor component={Link} to="/forget">
            Reset it
          </Anchor>
          .
        </Text>
      </AuthForm>
    );
  }

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (busy || digits.some((d) => d === '')) return; // ignored while any box is empty
    setBusy(true);
    setError(null);
    try {
      const answer = await verifyOtp({ email: user!.email, otp: digits.join('') });
      saveResetToken(answer?.reset_token);
      navigate(afterVerify(user, answer?.purpose));
    } catch (err) {
      // the specification's alert, and in the page why (a wrong code, a wait after many)
      setError(err);
      tell('Verification failed');
    } finally {
      setBusy(false);
    }
  }

  function resend() {
    setDigits(emptyCode());
    setLeft(RESEND_SECONDS);
    setError(null);
    // A refusal is shown (a wait restarts the countdown with the server's seconds).
    sendOtp(user!).catch((err: unknown) => {
      setError(err);
      const wait = waitOf(err);
      if (wait > 0) setLeft(wait);
    });
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
      <Reason error={error} />
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

function Reason({ error }: { error: unknown }) {
  if (typeof error === 'string')
    return (
      <Text c="red.8" size="sm" role="alert">
        {error}
      </Text>
    );
  return <ServerReason error={error} title="Not done" />;
}
