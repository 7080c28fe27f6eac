import { Button, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { type FormEvent, type ReactNode, useState } from 'react';
import { useNavigate } from 'react-router';
import { googleSignIn, sendOtp, signIn } from '../api/auth.ts';
import { ApiError } from '../api/client.ts';
import { GoogleButton } from '../components/GoogleButton.tsx';
import { withLoading } from '../components/loading.tsx';
import { ServerReason } from '../components/ServerReason.tsx';
import { saveFlowUser } from './flow.ts';
import { completeSignIn } from './signin.ts';
import { tell } from '../components/toasts.tsx';

// The one sign-in form: the login screen and the sign-in dialog of the open screens (SignInFirst)
// both show it. The specification's alerts ('Login failed', 'Google login failed') come with the
// reason the server gave beside them.

export function SignInForm(props: {
  heading: ReactNode;
  initialEmail?: string;
  /** called with the e-mail as it is sent (the login screen's Remember me) */
  onSend?: (email: string) => void;
  onSignedIn: () => void;
  /** between the reason and the button (Remember me, Forgot Password) */
  options?: ReactNode;
  footer: ReactNode;
}) {
  const navigate = useNavigate();
  const [email, setEmail] = useState(props.initialEmail ?? '');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<unknown>(null);
  const [resend, setResend] = useState<{ busy: boolean; error: unknown }>({ busy: false, error: null });

  // A sign-up whose code was never typed (the tab closed first): the server answers 403 "Please
  // verify your e-mail" to the right password. The way back in is a new code (issue 34).
  const unverified =
    error instanceof ApiError && error.status === 403 && /verify your e-mail/i.test(error.detail);

  async function sendNewCode() {
    const address = email.trim();
    setResend({ busy: true, error: null });
    try {
      await sendOtp({ email: address });
      saveFlowUser({ email: address, purpose: 'signup' });
      navigate('/verify');
    } catch (err) {
      // e.g. 429 "Please wait 38 seconds before asking for a new code."
      setResend({ busy: false, error: err });
    }
  }

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!email.trim() || !password) {
      setError('Enter your e-mail and password.');
      return;
    }
    setError(null);
    props.onSend?.(email.trim());
    let ok = false;
    await withLoading(async () => {
      try {
        const answer = await signIn(email.trim(), password);
        if (!answer.access_token) return;
        await completeSignIn(answer.access_token);
        ok = true;
      } catch (err) {
        setError(err);
      }
    });
    if (ok) props.onSignedIn();
    else tell('Login failed', 'Check the e-mail and password, or use Forgot Password.');
  }

  async function google(credential: string | undefined) {
    if (!credential) {
      tell('Google login failed', 'Try again, or sign in with your e-mail and password.');
      return;
    }
    let message: string | null = null;
    await withLoading(async () => {
      try {
        const answer = await googleSignIn(credential);
        if (answer.access_token) await completeSignIn(answer.access_token);
        else message = 'Google login failed';
      } catch (err) {
        setError(err);
        message = `Login failed: ${err instanceof Error ? err.message : String(err)}`;
      }
    });
    if (message) tell(message, 'Try again, or sign in with your e-mail and password.');
    else props.onSignedIn();
  }

  return (
    <form onSubmit={(e) => void submit(e)} noValidate>
      <Stack gap="sm">
        {props.heading}
        <TextInput
          label="Email"
          name="email"
          type="email"
          autoComplete="username"
          required
          value={email}
          onChange={(e) => setEmail(e.currentTarget.value)}
        />
        <PasswordInput
          label="Password"
          name="password"
          autoComplete="current-password"
          required
          value={password}
          onChange={(e) => setPassword(e.currentTarget.value)}
        />
        {typeof error === 'string' ? (
          <Text c="red.8" size="sm" role="alert">
            {error}
          </Text>
        ) : (
          <ServerReason error={error} title="Could not sign in" />
        )}
        {unverified && (
          <Stack gap={4}>
            <Button variant="light" onClick={() => void sendNewCode()} loading={resend.busy}>
              Send a new code
            </Button>
            <ServerReason error={resend.error} title="No new code sent" />
          </Stack>
        )}
        {props.options}
        <Button type="submit" fullWidth>
          Sign In
        </Button>
        <GoogleButton onCredential={(c) => void google(c)} />
        {props.footer}
      </Stack>
    </form>
  );
}
