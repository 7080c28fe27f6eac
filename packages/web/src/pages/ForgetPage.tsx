import { Anchor, Button, Text, TextInput } from '@mantine/core';
import { EmailSchema } from '@bahi/contract';
import { Link, useNavigate } from 'react-router';
import { forgotPassword } from '../api/auth.ts';
import { ApiError } from '../api/client.ts';
import { saveFlowUser } from '../auth/flow.ts';
import { useFieldForm } from '../auth/useFieldForm.ts';
import { AuthForm } from '../components/AuthLayout.tsx';

export default function ForgetPage() {
  const navigate = useNavigate();
  const { field, busy, submit } = useFieldForm(EmailSchema, 'Enter a valid e-mail address', async (email) => {
    try {
      await forgotPassword({ email });
    } catch (err) {
      return err instanceof ApiError ? err.detail : 'Could not send the code.';
    }
    // No name: after the code this flow goes on to /reset.
    saveFlowUser({ email });
    navigate('/verify');
  });

  return (
    <AuthForm title="Forgot password" onSubmit={submit}>
      <Text size="sm" c="dimmed">
        Enter your e-mail and we will send you a 4-digit code.
      </Text>
      <TextInput label="Email" name="email" type="email" autoComplete="email" required {...field} />
      <Button type="submit" loading={busy} fullWidth>
        Send Code
      </Button>
      <Anchor component={Link} to="/login" size="sm" ta="center">
        Back to sign in
      </Anchor>
    </AuthForm>
  );
}
