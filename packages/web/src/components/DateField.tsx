import { formatDisplayDate, isIsoDate } from '@bahi/core';
import { TextInput, type TextInputProps } from '@mantine/core';
import { useState } from 'react';

// Dates are typed and shown DD-MM-YYYY on every screen (DESIGN.md), whatever the browser's locale
// would make of <input type="date">; inside, they stay ISO.

/** 'DD-MM-YYYY' (or D-M-YYYY, '/' or '.' between) -> ISO; null when it is not a real date. */
function readTypedDate(text: string): string | null {
  const m = /^(\d{1,2})[-/.](\d{1,2})[-/.](\d{4})$/.exec(text.trim());
  if (!m) return null;
  const iso = `${m[3]}-${m[2].padStart(2, '0')}-${m[1].padStart(2, '0')}`;
  return isIsoDate(iso) ? iso : null;
}

/** What the field shows for a value: ISO as DD-MM-YYYY, anything else (a half-typed date) as is. */
const showDate = (value: string): string => (isIsoDate(value) ? formatDisplayDate(value) : value);

/** The value a text stands for: ISO when it is a date, '' when blank, else the text itself. */
const valueOf = (text: string): string => (text.trim() === '' ? '' : (readTypedDate(text) ?? text));

export const DATE_HINT = 'Use DD-MM-YYYY';

type Props = Omit<TextInputProps, 'value' | 'onChange' | 'error'> & {
  /** ISO date, '' or the text of a date not finished yet. */
  value: string;
  /** Called with ISO when the text is a date, '' when blank, and the text itself otherwise. */
  onChange: (value: string) => void;
  /** Where space is short (a table cell): mark a wrong date red without a message under it. */
  quietError?: boolean;
};

export function DateField({ value, onChange, quietError, onBlur, ...props }: Props) {
  const [text, setText] = useState(() => showDate(value));
  const [seen, setSeen] = useState(value);
  const [touched, setTouched] = useState(false);
  // Follow a value changed elsewhere (a reload, Clear all, a reset), not the one this field just sent.
  if (value !== seen) {
    setSeen(value);
    if (valueOf(text) !== value) setText(showDate(value));
  }
  const wrong = touched && text.trim() !== '' && readTypedDate(text) === null;
  return (
    <TextInput
      placeholder="DD-MM-YYYY"
      inputMode="numeric"
      autoComplete="off"
      maxLength={10}
      {...props}
      value={text}
      error={wrong ? (quietError ? true : DATE_HINT) : undefined}
      title={wrong && quietError ? DATE_HINT : props.title}
      onChange={(e) => {
        const next = e.currentTarget.value;
        setText(next);
        setSeen(valueOf(next));
        onChange(valueOf(next));
      }}
      onBlur={(e) => {
        setTouched(true);
        const iso = readTypedDate(text);
        if (iso) setText(formatDisplayDate(iso));
        onBlur?.(e);
      }}
    />
  );
}
