import { lazy, Suspense, useSyncExternalStore } from 'react';

// Toasts load on first use: @mantine/notifications stays out of the landing bundle.
let wanted = false;
const listeners = new Set<() => void>();

const Notifications = lazy(async () => {
  await import('@mantine/notifications/styles.css');
  const { Notifications } = await import('@mantine/notifications');
  return { default: () => <Notifications position="top-right" /> };
});

type Toast = { color: string; title?: string; message: string };

/** Shows a toast (mounting the toaster the first time). */
export async function showToast(toast: Toast): Promise<void> {
  if (!wanted) {
    wanted = true;
    listeners.forEach((l) => l());
  }
  const { notifications } = await import('@mantine/notifications');
  notifications.show(toast);
}

export function Toaster() {
  const on = useSyncExternalStore(
    (l) => (listeners.add(l), () => listeners.delete(l)),
    () => wanted,
  );
  return on ? (
    <Suspense fallback={null}>
      <Notifications />
    </Suspense>
  ) : null;
}
