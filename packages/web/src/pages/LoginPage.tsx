import { Anchor, Button, Checkbox, Group, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import type { LoginState } from '../auth/RequireAuth.tsx';
import { SignInForm } from '../auth/SignInForm.tsx';
import { AuthLayout } from '../components/AuthLayout.tsx';

// Remember me keeps the e-mail address for the next visit (never the password).
const REMEMBER_KEY = 'remember_email';

export default function LoginPage() {
  const navigate = useNavigate();
  const from = (useLocation().state as LoginState | null)?.from;
  const remembered = localStorage.getItem(REMEMBER_KEY);
  const [remember, setRemember] = useState(remembered !== null);

  const done = () =>
    navigate(from && from.startsWith('/') && !from.startsWith('//') ? from : '/app/home', { replace: true });

  return (
    <AuthLayout>
      <SignInForm
        heading={<Title order={2}>Sign in</Title>}
        initialEmail={remembered ?? ''}
        onSend={(email) => {
          if (remember) localStorage.setItem(REMEMBER_KEY, email);
          else localStorage.removeItem(REMEMBER_KEY);
        }}
        onSignedIn={done}
        options={
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
        }
        footer={
          <Text size="sm" ta="center">
            New to Bahi?{' '}
            <Anchor component={Link} to="/signup" fw={600}>
              SIGN UP
            </Anchor>
          </Text>
        }
      />
    </AuthLayout>
  );
}
