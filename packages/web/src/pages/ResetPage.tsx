import { Anchor, Button, PasswordInput, Text } from '@mantine/core';
import { PasswordSchema } from '@bahi/contract';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { resetPassword } from '../api/auth.ts';
import { clearFlowUser, readFlowUser, readResetToken } from '../auth/flow.ts';
import { useFieldForm } from '../auth/useFieldForm.ts';
import { AuthForm } from '../components/AuthLayout.tsx';
import { tell, tellDone } from '../components/toasts.tsx';

export default function ResetPage() {
  const navigate = useNavigate();
  const [user] = useState(readFlowUser);
  const { field, busy, submit } = useFieldForm(PasswordSchema, 'Enter a new password', async (password) => {
    try {
      await resetPassword({
        email: user?.email ?? '',
        new_password: password,
        reset_token: readResetToken(),
      });
    } catch {
      tell('Password reset failed', 'Ask for a new code from Forgot Password and try again.');
      return;
    }
    clearFlowUser();
    tellDone('Password reset successfully');
    navigate('/login');
  });

  return (
    <AuthForm title="Choose a new password" onSubmit={submit}>
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
        {...field}
      />
      <Button type="submit" loading={busy} fullWidth>
        Change Password
      </Button>
    </AuthForm>
  );
}
