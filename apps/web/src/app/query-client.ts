import { QueryClient } from '@tanstack/react-query';

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 60_000,
      retry: (count, err) => count < 2 && !((err as unknown as { status?: number }).status! < 500),
      refetchOnWindowFocus: false,
    },
  },
});
