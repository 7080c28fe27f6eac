import { Group } from '@mantine/core';
import { type ClipboardEvent, type KeyboardEvent, useRef } from 'react';

export const CODE_LENGTH = 4;

/** Keeps the first digit of what was typed: one digit per box, anything else ignored. */
const firstDigit = (text: string): string => /\d/.exec(text)?.[0] ?? '';

/**
 * The digit typed into a box that held `old`. A click puts the caret where it lands, before or
 * after the old digit (the select on focus is undone by the click), so the new digit is whatever
 * is left when the old one is taken out, wherever it stood.
 */
export const typedDigit = (value: string, old: string): string =>
  firstDigit(old !== '' && value.length > 1 ? value.replace(old, '') : value);

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

  const put = (i: number, d: string) => {
    const next = [...digits];
    next[i] = d;
    onChange(next);
    if (d && i < digits.length - 1) focus(i + 1);
  };

  const type = (i: number, value: string) => {
    const d = typedDigit(value, digits[i]);
    if (value !== '' && d === '') return; // non-digit: ignored
    put(i, d);
  };

  const keyDown = (i: number, e: KeyboardEvent<HTMLInputElement>) => {
    if (/^\d$/.test(e.key) && !e.ctrlKey && !e.metaKey && !e.altKey) {
      // A digit key puts its digit in the box and moves on, even the digit the box holds: the
      // browser fires no change for a value typed over itself, so '0241' over '0000' read '2410'.
      // Keyboards that send no key (some phones, autofill) still arrive through onChange.
      e.preventDefault();
      put(i, e.key);
    } else if (e.key === 'Backspace' && digits[i] === '' && i > 0) {
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
