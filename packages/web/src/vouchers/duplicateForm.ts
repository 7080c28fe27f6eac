import {
  DEFAULT_DUPLICATE_SETTINGS,
  normaliseDuplicateSettings,
  type DuplicateDirection,
  type DuplicateSettings,
} from '@bahi/core';

// The Duplicate Settings dialog's fields as typed (numbers are the inputs' text), and the rules of
// spec sections 4 and 5 applied to them. The arithmetic lives in @bahi/core; this only keeps the
// form honest while the user types.

export type DuplicateForm = {
  copies: string;
  customStartDate: string;
  interval: string;
  direction: DuplicateDirection;
  amountIncrement: boolean;
  descriptionSuffix: boolean;
  randomAmountSplit: boolean;
  splitMin: string;
  splitMax: string;
};

export type NumberField = 'copies' | 'interval' | 'splitMin' | 'splitMax';

/** Spec section 9 defaults: one copy, one day, forward, '(Copy n)' on, split range 1 to 100. */
export function defaultForm(): DuplicateForm {
  const d = DEFAULT_DUPLICATE_SETTINGS;
  return {
    copies: String(d.copies),
    customStartDate: d.customStartDate,
    interval: String(d.interval),
    direction: d.direction,
    amountIncrement: d.amountIncrement,
    descriptionSuffix: d.descriptionSuffix,
    randomAmountSplit: d.randomAmountSplit,
    splitMin: String(d.splitMin),
    splitMax: String(d.splitMax),
  };
}

/** The settings the form stands for, made valid (invalid numbers become 1, max below min becomes min). */
export function formSettings(form: DuplicateForm): DuplicateSettings {
  return normaliseDuplicateSettings(form);
}

/** Increment and random split are mutually exclusive: turning one on turns the other off. */
export function setIncrement(form: DuplicateForm, on: boolean): DuplicateForm {
  return { ...form, amountIncrement: on, randomAmountSplit: on ? false : form.randomAmountSplit };
}

export function setRandomSplit(form: DuplicateForm, on: boolean): DuplicateForm {
  return { ...form, randomAmountSplit: on, amountIncrement: on ? false : form.amountIncrement };
}

/**
 * On leaving a number field, shows the value that will be used (so '0' or '2.5' turns into '1' in
 * front of the user, not silently at the end). A new minimum also re-checks the maximum.
 */
export function settleField(form: DuplicateForm, field: NumberField): DuplicateForm {
  const s = formSettings(form);
  if (field === 'splitMin') return { ...form, splitMin: String(s.splitMin), splitMax: String(s.splitMax) };
  return { ...form, [field]: String(s[field]) };
}
