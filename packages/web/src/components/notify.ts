import { ApiError } from '../api/client.ts';
import { showToast } from './toasts.tsx';

// Success is a toast; failures name what went wrong (the server's detail when it sent one).
export const notifySuccess = (message: string) => void showToast({ color: 'teal', message });

export const notifyError = (title: string, err: unknown) =>
  void showToast({
    color: 'red',
    title,
    message: err instanceof ApiError ? err.detail : 'Something went wrong. Try again.',
  });
