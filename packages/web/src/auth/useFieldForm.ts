import { type FormEvent, useState } from 'react';
import type { z } from 'zod';

/**
 * A one-field form (forgot password, reset): the typed value, checked with the contract's schema on
 * submit (its message shown under the field), then `action` runs while `busy`; a message it returns
 * is shown under the field too.
 */
export function useFieldForm<T>(
  schema: z.ZodType<T>,
  fallbackMessage: string,
  action: (value: T) => Promise<string | void>,
) {
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(e: FormEvent) {
    e.preventDefault();
    const parsed = schema.safeParse(value);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? fallbackMessage);
      return;
    }
    setError(null);
    setBusy(true);
    try {
      setError((await action(parsed.data)) || null);
    } finally {
      setBusy(false);
    }
  }

  return {
    busy,
    submit,
    /** Spread on the field: value, change handler and the error under it. */
    field: {
      value,
      error,
      onChange: (e: { currentTarget: { value: string } }) => setValue(e.currentTarget.value),
    },
  };
}
