import { lazy, Suspense, useSyncExternalStore } from 'react';

// Toasts load on first use: @mantine/notifications stays out of the landing bundle.
let wanted = false;
const listeners = new Set<() => void>();

const Notifications = lazy(async () => {
  await import('@mantine/notifications/styles.css');
  const { Notifications } = await import('@mantine/notifications');
  // bottom right: at the top right a toast covered the header's user menu, and pointing at the menu
  // held the toast open (Mantine pauses a toast's closing while the pointer is over it). At the
  // bottom right it covered the client page's Add account button the same way, so toasts take no
  // pointer at all (clicks go through to the page) but for their close button.
  return {
    default: () => <Notifications position="bottom-right" style={{ pointerEvents: 'none' }} />,
  };
});

type Toast = {
  color: string;
  title?: string;
  message: string;
  autoClose?: number | false;
  [data: `data-${string}`]: string;
};

/** Shows a toast (mounting the toaster the first time). */
export async function showToast(toast: Toast): Promise<void> {
  if (!wanted) {
    wanted = true;
    listeners.forEach((l) => l());
  }
  const { notifications } = await import('@mantine/notifications');
  // the close button is named (axe-core's button-name, issue 34)
  notifications.show({
    ...toast,
    closeButtonProps: { 'aria-label': 'Close this message', className: 'toast-close' },
  });
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

// Messages shown in the page, never in window.alert (issue 34: native boxes sat on top of the inline
// messages, blocked the screen and named no next step). The specification's words stay the title;
// the next step, when there is one, is the line under it. `data-said` carries the title so the
// browser tests read what was said, wherever it is shown.

/** A problem: stays until closed or 12 s (long enough to read a next step). */
export function tell(text: string, next?: string): void {
  void showToast({
    color: 'red',
    ...(next ? { title: text, message: next } : { message: text }),
    autoClose: 12_000,
    'data-said': text,
  });
}

/** Something done (the specification's "Rules saved!", "Password reset successfully"). */
export function tellDone(text: string): void {
  void showToast({ color: 'teal', message: text, 'data-said': text });
}
