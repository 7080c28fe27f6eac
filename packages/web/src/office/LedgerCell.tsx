import { useId, useRef, useState, type KeyboardEvent } from 'react';
import { focusRowCell, rowStep } from '../components/row-keys.ts';

// The book's ledger cell as a picker (issue 34 round four; a <datalist> before, which the keyboard
// could not drive as Tally's lists are): typing filters the ledgers offered (the client's Tally
// company's, then those the book already uses), ↓/↑ move in the list, Enter takes the marked one and
// goes to the next row, Esc closes the list and a second Esc gives the cell back its saved name.
// With the list closed, Enter, Shift+Enter, ↓ and ↑ move between rows as before (components/row-keys.ts).
// Free text stays allowed: a name not offered is a new ledger. Leaving the cell saves it.

/** Names shown at once: enough to choose among, short enough to stay beside the cell. */
export const PICKER_OPTIONS = 8;

/** The names matching `typed`: those starting with it first, then those containing it (case ignored). */
export function matchLedgers(names: readonly string[], typed: string, limit = PICKER_OPTIONS): string[] {
  const t = typed.trim().toLowerCase();
  if (!t) return [];
  const starts: string[] = [];
  const within: string[] = [];
  for (const n of names) {
    const k = n.toLowerCase();
    if (k === t) continue; // the name typed in full needs no choosing
    if (k.startsWith(t)) starts.push(n);
    else if (k.includes(t)) within.push(n);
    if (starts.length >= limit) break;
  }
  return [...starts, ...within].slice(0, limit);
}

type Props = {
  /** the row's name, e.g. '02-01-2026 NEFT-…': the cell is labelled 'Ledger for <label>' */
  label: string;
  saved: string;
  placeholder?: string;
  /** the ledgers offered, in the order shown when several match equally */
  names: readonly string[];
  onSave: (ledger: string) => void;
};

export function LedgerCell({ label, saved, placeholder, names, onSave }: Props) {
  const listId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [typed, setTyped] = useState<string | null>(null);
  const [active, setActive] = useState(-1);
  const options = typed === null ? [] : matchLedgers(names, typed);
  const open = options.length > 0;
  const close = () => {
    setTyped(null);
    setActive(-1);
  };

  function choose(name: string, move: boolean) {
    const el = input.current;
    if (!el) return;
    el.value = name;
    close();
    // the next row's cell takes the focus: leaving this one saves it (onBlur)
    if (move) focusRowCell(el, 1, 'input[data-book-ledger]');
  }

  function onKeyDown(e: KeyboardEvent<HTMLInputElement>) {
    const el = e.currentTarget;
    if (open && (e.key === 'ArrowDown' || e.key === 'ArrowUp')) {
      e.preventDefault();
      const step = e.key === 'ArrowDown' ? 1 : -1;
      setActive((a) => (step > 0 ? (a + 1) % options.length : a <= 0 ? options.length - 1 : a - 1));
      return;
    }
    if (open && e.key === 'Enter' && active >= 0 && options[active]) {
      e.preventDefault();
      choose(options[active], true);
      return;
    }
    if (e.key === 'Escape') {
      e.preventDefault();
      if (open) close();
      else el.value = saved; // cancel: the name saved before
      return;
    }
    // Enter, Shift+Enter, ↓ and ↑ between rows, as in Tally (issue 34); leaving the cell saves it
    const step = rowStep(e, el.value !== el.defaultValue);
    if (step === 0) return;
    e.preventDefault();
    close();
    focusRowCell(el, step, 'input[data-book-ledger]');
  }

  const activeId = open && active >= 0 ? `${listId}-${active}` : undefined;
  return (
    <div style={{ position: 'relative', minWidth: 160 }}>
      <input
        ref={input}
        className="ledger-input"
        role="combobox"
        aria-label={`Ledger for ${label}`}
        aria-autocomplete="list"
        aria-expanded={open}
        aria-controls={listId}
        aria-activedescendant={activeId}
        defaultValue={saved}
        placeholder={placeholder}
        data-book-ledger
        autoComplete="off"
        spellCheck={false}
        onChange={(e) => {
          setTyped(e.currentTarget.value);
          setActive(-1);
        }}
        onKeyDown={onKeyDown}
        onBlur={(e) => {
          close();
          onSave(e.currentTarget.value);
        }}
      />
      <ul
        id={listId}
        role="listbox"
        aria-label={`Ledgers for ${label}`}
        className="book-ledger-list"
        hidden={!open}
      >
        {options.map((name, i) => (
          <li
            key={name}
            id={`${listId}-${i}`}
            role="option"
            aria-selected={i === active}
            // the input keeps the focus (a click would blur it and save the half-typed name first)
            onMouseDown={(e) => e.preventDefault()}
            onClick={() => choose(name, false)}
          >
            {name}
          </li>
        ))}
      </ul>
    </div>
  );
}
