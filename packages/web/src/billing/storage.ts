import { BillingDataAnswer } from '@bahi/contract';

// The billing data of the last upload, kept in sessionStorage so /app/billing survives a reload
// (and is gone with the tab).
const KEY = 'bahi.billing';

export function storeBillingData(data: BillingDataAnswer): void {
  sessionStorage.setItem(KEY, JSON.stringify(data));
}

export function loadBillingData(): BillingDataAnswer | null {
  try {
    const raw = sessionStorage.getItem(KEY);
    if (!raw) return null;
    const parsed = BillingDataAnswer.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
