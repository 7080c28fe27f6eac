import { fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../test/render.tsx';
import { CodeBoxes, pastedDigits } from './CodeBoxes.tsx';

function Harness() {
  const [digits, setDigits] = useState(['', '', '', '']);
  return <CodeBoxes digits={digits} onChange={setDigits} />;
}

const box = (n: number) => screen.getByLabelText(`Digit ${n}`) as HTMLInputElement;
const values = () => [1, 2, 3, 4].map((n) => box(n).value).join('|');

describe('CodeBoxes', () => {
  it('has four labelled boxes, the first offering one-time-code autofill', () => {
    renderWithProviders(<Harness />);
    expect(values()).toBe('|||');
    expect(box(1).getAttribute('autocomplete')).toBe('one-time-code');
    expect(box(2).getAttribute('autocomplete')).toBe('off');
  });

  it('keeps one digit per box and moves on to the next box', () => {
    renderWithProviders(<Harness />);
    fireEvent.change(box(1), { target: { value: '7' } });
    expect(values()).toBe('7|||');
    expect(document.activeElement).toBe(box(2));
    // Typing over a filled box replaces its digit rather than adding a second one.
    fireEvent.change(box(1), { target: { value: '79' } });
    expect(box(1).value).toBe('9');
    // ... with the caret before the old digit too (a click lands it there; e2e verify-again).
    fireEvent.change(box(1), { target: { value: '49' } });
    expect(box(1).value).toBe('4');
    fireEvent.change(box(1), { target: { value: '44' } });
    expect(box(1).value).toBe('4');
  });

  it('a digit key over the same digit still moves on (no change event comes for it)', () => {
    renderWithProviders(<Harness />);
    fireEvent.change(box(1), { target: { value: '0' } });
    box(1).focus();
    fireEvent.keyDown(box(1), { key: '0' });
    expect(document.activeElement).toBe(box(2));
    fireEvent.keyDown(box(2), { key: '2' });
    fireEvent.keyDown(box(3), { key: '4' });
    fireEvent.keyDown(box(4), { key: '1' });
    expect(values()).toBe('0|2|4|1');
    expect(document.activeElement).toBe(box(4));
  });

  it('ignores non-digits', () => {
    renderWithProviders(<Harness />);
    fireEvent.change(box(1), { target: { value: 'a' } });
    fireEvent.change(box(2), { target: { value: '-' } });
    expect(values()).toBe('|||');
    fireEvent.change(box(1), { target: { value: '3' } });
    fireEvent.change(box(1), { target: { value: '3x' } });
    expect(box(1).value).toBe('3');
  });

  it('fills from the first box when a code is pasted, whichever box has the focus', () => {
    renderWithProviders(<Harness />);
    fireEvent.paste(box(3), { clipboardData: { getData: () => ' 12-34 ' } });
    expect(values()).toBe('1|2|3|4');
  });

  it('fills only as many boxes as the pasted text has digits', () => {
    renderWithProviders(<Harness />);
    fireEvent.paste(box(1), { clipboardData: { getData: () => '98' } });
    expect(values()).toBe('9|8||');
    expect(document.activeElement).toBe(box(3));
  });

  it('moves back to the previous box on Backspace in an empty box', () => {
    renderWithProviders(<Harness />);
    fireEvent.change(box(1), { target: { value: '5' } });
    box(2).focus();
    fireEvent.keyDown(box(2), { key: 'Backspace' });
    expect(document.activeElement).toBe(box(1));
    // In a filled box Backspace deletes as usual and the focus stays.
    box(1).focus();
    fireEvent.keyDown(box(1), { key: 'Backspace' });
    expect(document.activeElement).toBe(box(1));
  });
});

describe('pastedDigits', () => {
  it('keeps digits only, at most four, padded with empty boxes', () => {
    expect(pastedDigits('123456')).toEqual(['1', '2', '3', '4']);
    expect(pastedDigits('a1b')).toEqual(['1', '', '', '']);
    expect(pastedDigits('')).toEqual(['', '', '', '']);
  });
});
