import { Group } from '@mantine/core';
import { type ClipboardEvent, type KeyboardEvent, useRef } from 'react';

export const CODE_LENGTH = 4;

/** Keeps the first digit of what was typed: one digit per box, anything else ignored. */
const firstDigit = (text: string): string => /\d/.exec(text)?.[0] ?? '';

/** The code's digits after pasting `text`: digits fill from the first box, others are ignored. */
export function pastedDigits(text: string, length = CODE_LENGTH): string[] {
  const digits = text.replace(/\D/g, '').slice(0, length).split('');
  return Array.from({ length }, (_, i) => digits[i] ?? '');
}

type Props = { digits: string[]; onChange: (digits: string[]) => void; disabled?: boolean };

/** Four single-digit boxes for the one-time code (spec section 2, Code verification). */
export function CodeBoxes({ digits, onChange, disabled }: Props) {
  const refs = useRef<Array<HTMLInputElement | null>>([]);
  const focus = (i: number) => refs.current[Math.max(0, Math.min(digits.length - 1, i))]?.focus();

  const type = (i: number, value: string) => {
    const d = firstDigit(value.slice(-1)) || firstDigit(value);
    if (value !== '' && d === '') return; // non-digit: ignored
    const next = [...digits];
    next[i] = d;
    onChange(next);
    if (d && i < digits.length - 1) focus(i + 1);
  };

  const keyDown = (i: number, e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Backspace' && digits[i] === '' && i > 0) {
      e.preventDefault();
      focus(i - 1);
    } else if (e.key === 'ArrowLeft') focus(i - 1);
    else if (e.key === 'ArrowRight') focus(i + 1);
  };

  const paste = (e: ClipboardEvent<HTMLInputElement>) => {
    e.preventDefault();
    const next = pastedDigits(e.clipboardData.getData('text'), digits.length);
    if (next.every((d) => d === '')) return;
    onChange(next);
    focus(next.findIndex((d) => d === '') === -1 ? digits.length - 1 : next.findIndex((d) => d === ''));
  };

  return (
    <Group gap="sm" justify="center" role="group" aria-label="Verification code">
      {digits.map((d, i) => (
        <input
          key={i}
          ref={(el) => {
            refs.current[i] = el;
          }}
          className="code-box"
          aria-label={`Digit ${i + 1}`}
          value={d}
          inputMode="numeric"
          pattern="[0-9]*"
          maxLength={2}
          autoComplete={i === 0 ? 'one-time-code' : 'off'}
          disabled={disabled}
          onChange={(e) => type(i, e.currentTarget.value)}
          onKeyDown={(e) => keyDown(i, e)}
          onPaste={paste}
          onFocus={(e) => e.currentTarget.select()}
        />
      ))}
    </Group>
  );
}
