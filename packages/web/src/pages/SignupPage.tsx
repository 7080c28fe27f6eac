import { Anchor, Button, PasswordInput, Text, TextInput } from '@mantine/core';
import { SignUpRequest } from '@bahi/contract';
import { type FormEvent, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { signUp } from '../api/auth.ts';
import { ApiError, reasonOf } from '../api/client.ts';
import { saveFlowUser } from '../auth/flow.ts';
import { AuthForm } from '../components/AuthLayout.tsx';
import { tell } from '../components/toasts.tsx';

const DUPLICATE_PHONE = 'User with this phone number already exists';

type Fields = { name: string; email: string; phone: string; password: string };

export default function SignupPage() {
  const navigate = useNavigate();
  const [fields, setFields] = useState<Fields>({ name: '', email: '', phone: '', password: '' });
  const [errors, setErrors] = useState<Partial<Record<keyof Fields, string>>>({});
  const [busy, setBusy] = useState(false);
  const field = (k: keyof Fields) => ({
    value: fields[k],
    error: errors[k],
    required: true,
    onChange: (e: { currentTarget: { value: string } }) =>
      setFields({ ...fields, [k]: e.currentTarget.value }),
  });

  async function submit(e: FormEvent) {
    e.preventDefault();
    const parsed = SignUpRequest.safeParse(fields);
    if (!parsed.success) {
      const next: typeof errors = {};
      for (const issue of parsed.error.issues) next[issue.path[0] as keyof Fields] ??= issue.message;
      setErrors(next);
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      await signUp(parsed.data);
      const { name, email, phone } = parsed.data;
      saveFlowUser({ name, email, phone });
      navigate('/verify');
    } catch (err) {
      // A password the server finds too easy to guess (common, or the e-mail or name) is named at the field.
      if (err instanceof ApiError && err.status === 422 && /password/i.test(err.detail)) {
        setErrors({ password: err.detail });
      }
      if (err instanceof ApiError && err.detail === DUPLICATE_PHONE)
        tell('User already exists', 'Sign in instead, or use Forgot Password.');
      else tell('Registration failed', reasonOf(err, 'Check the fields and try again.'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <AuthForm title="Create your account" onSubmit={submit}>
      <TextInput label="Name" name="name" autoComplete="name" {...field('name')} />
      <TextInput label="Email" name="email" type="email" autoComplete="email" {...field('email')} />
      <TextInput label="Phone" name="phone" type="tel" autoComplete="tel" {...field('phone')} />
      <PasswordInput label="Password" name="password" autoComplete="new-password" {...field('password')} />
      <Button type="submit" loading={busy} fullWidth>
        Sign Up
      </Button>
      <Text size="sm" ta="center">
        Already have an account?{' '}
        <Anchor component={Link} to="/login">
          Sign in
        </Anchor>
      </Text>
    </AuthForm>
  );
}
