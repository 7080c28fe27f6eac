import { Anchor, Button, Modal, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { type FormEvent, type ReactNode, useState } from 'react';
import { Link } from 'react-router';
import { googleSignIn, signIn } from '../api/auth.ts';
import { ApiError } from '../api/client.ts';
import { GoogleButton } from '../components/GoogleButton.tsx';
import { ServerReason } from '../components/ServerReason.tsx';
import { completeSignIn } from './signin.ts';
import { currentSession } from './session.ts';

// The specification's open screens (/app/rules and the five bank parser screens) show every control
// to a visitor. An action that needs an account (parsing spends pages, rule sets are private) asks
// the visitor to sign in here, in a dialog over the screen, and then runs with what they chose: the
// screen stays mounted, so the chosen File and the typed values stay in memory (never in storage)
// and need not be chosen again.

type Pending = { run: () => void; why: string };

/**
 * `ask(why, action)` runs `action` at once when signed in; otherwise it opens the sign-in dialog
 * (render `dialog` in the screen) and runs `action` after a successful sign-in.
 */
export function useSignInFirst(): { ask: (why: string, action: () => void) => void; dialog: ReactNode } {
  const [pending, setPending] = useState<Pending | null>(null);
  const ask = (why: string, action: () => void) => {
    if (currentSession()) action();
    else setPending({ run: action, why });
  };
  const dialog = (
    <SignInDialog
      pending={pending}
      onClose={() => setPending(null)}
      onSignedIn={() => {
        const run = pending?.run;
        setPending(null);
        run?.();
      }}
    />
  );
  return { ask, dialog };
}

function SignInDialog({
  pending,
  onClose,
  onSignedIn,
}: {
  pending: Pending | null;
  onClose: () => void;
  onSignedIn: () => void;
}) {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);

  async function finish(token: string | undefined) {
    if (!token) throw new Error('no token');
    await completeSignIn(token);
    setPassword('');
    onSignedIn();
  }

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!email.trim() || !password) return;
    setBusy(true);
    setError(null);
    try {
      await finish((await signIn(email.trim(), password)).access_token);
    } catch (err) {
      setError(err);
      // the login screen's alert of the specification
      if (!(err instanceof ApiError)) window.alert('Login failed');
    } finally {
      setBusy(false);
    }
  }

  async function google(credential: string | undefined) {
    try {
      await finish(credential ? (await googleSignIn(credential)).access_token : undefined);
    } catch (err) {
      setError(err);
      window.alert('Google login failed');
    }
  }

  return (
    <Modal opened={pending !== null} onClose={onClose} title="Sign in to continue" centered>
      <form onSubmit={(e) => void submit(e)}>
        <Stack gap="sm">
          <Text size="sm">
            {pending?.why} What you chose stays on the screen and goes on after you sign in.
          </Text>
          <TextInput
            label="Email"
            type="email"
            autoComplete="username"
            required
            value={email}
            onChange={(e) => setEmail(e.currentTarget.value)}
          />
          <PasswordInput
            label="Password"
            autoComplete="current-password"
            required
            value={password}
            onChange={(e) => setPassword(e.currentTarget.value)}
          />
          <ServerReason error={error} title="Could not sign in" />
          <Button type="submit" loading={busy} fullWidth>
            Sign In
          </Button>
          <GoogleButton onCredential={(c) => void google(c)} />
          <Text size="xs" c="dimmed" ta="center">
            New to Bahi?{' '}
            <Anchor component={Link} to="/signup">
              Create an account
            </Anchor>{' '}
            (the screen opens again empty afterwards).
          </Text>
        </Stack>
      </form>
    </Modal>
  );
}
