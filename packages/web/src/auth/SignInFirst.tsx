import { Anchor, Modal, Text } from '@mantine/core';
import { type ReactNode, useState } from 'react';
import { Link } from 'react-router';
import { currentSession } from './session.ts';
import { SignInForm } from './SignInForm.tsx';

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
  return (
    <Modal opened={pending !== null} onClose={onClose} title="Sign in to continue" centered>
      <SignInForm
        heading={
          <Text size="sm">
            {pending?.why} What you chose stays on the screen and goes on after you sign in.
          </Text>
        }
        onSignedIn={onSignedIn}
        footer={
          <Text size="xs" c="dimmed" ta="center">
            New to Bahi?{' '}
            <Anchor component={Link} to="/signup">
              Create an account
            </Anchor>{' '}
            (the screen opens again empty afterwards).
          </Text>
        }
      />
    </Modal>
  );
}
