import { QueryClient } from '@tanstack/react-query';

/** The one TanStack Query cache of the app (server state of every screen). */
export const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false, staleTime: 30_000 } },
});
