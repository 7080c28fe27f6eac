import { Anchor, Button, Checkbox, Group, PasswordInput, Text, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { googleSignIn, signIn } from '../api/auth.ts';
import { ApiError } from '../api/client.ts';
import type { LoginState } from '../auth/RequireAuth.tsx';
import { completeSignIn } from '../auth/signin.ts';
import { AuthForm } from '../components/AuthLayout.tsx';
import { GoogleButton } from '../components/GoogleButton.tsx';
import { withLoading } from '../components/loading.tsx';

// Remember me keeps the e-mail address for the next visit (never the password).
const REMEMBER_KEY = 'remember_email';

export default function LoginPage() {
  const navigate = useNavigate();
  const from = (useLocation().state as LoginState | null)?.from;
  const remembered = localStorage.getItem(REMEMBER_KEY);
  const [email, setEmail] = useState(remembered ?? '');
  const [password, setPassword] = useState('');
  const [remember, setRemember] = useState(remembered !== null);
  const [error, setError] = useState<string | null>(null);

  const done = () =>
    navigate(from && from.startsWith('/') && !from.startsWith('//') ? from : '/app/home', { replace: true });

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!email.trim() || !password) {
      setError('Enter your e-mail and password.');
      return;
    }
    setError(null);
    if (remember) localStorage.setItem(REMEMBER_KEY, email.trim());
    else localStorage.removeItem(REMEMBER_KEY);
    let ok = false;
    await withLoading(async () => {
      try {
        const answer = await signIn(email.trim(), password);
        if (!answer.access_token) return;
        await completeSignIn(answer.access_token);
        ok = true;
      } catch (err) {
        if (err instanceof ApiError) setError(err.detail);
      }
    });
    if (ok) done();
    else window.alert('Login failed');
  }

  async function google(credential: string | undefined) {
    if (!credential) {
      window.alert('Google login failed');
      return;
    }
    let message: string | null = null;
    await withLoading(async () => {
      try {
        const answer = await googleSignIn(credential);
        if (answer.access_token) await completeSignIn(answer.access_token);
        else message = 'Google login failed';
      } catch (err) {
        message = `Login failed: ${err instanceof Error ? err.message : String(err)}`;
      }
    });
    if (message) window.alert(message);
    else done();
  }

  return (
    <AuthForm title="Sign in" onSubmit={submit}>
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
      {error && (
        <Text c="red.8" size="sm" role="alert">
          {error}
        </Text>
      )}
      <Group justify="space-between">
        <Checkbox
          label="Remember me"
          checked={remember}
          onChange={(e) => setRemember(e.currentTarget.checked)}
        />
        <Button variant="subtle" size="compact-sm" onClick={() => navigate('/forget')}>
          Forgot Password
        </Button>
      </Group>
      <Button type="submit" fullWidth>
        Sign In
      </Button>
      <GoogleButton onCredential={google} />
      <Text size="sm" ta="center">
        New to Bahi?{' '}
        <Anchor component={Link} to="/signup" fw={600}>
          SIGN UP
        </Anchor>
      </Text>
    </AuthForm>
  );
}
