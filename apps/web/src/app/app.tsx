import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { Suspense } from "react";
import { RouterProvider } from "react-router";
import { AlertProvider } from "../ui/alerts";
import { followSessionInOtherTabs } from "../wallet/session";
import { BootShell } from "./boot-shell";
import { router } from "./router";

const queryClient = new QueryClient({
  defaultOptions: {
    queries: { staleTime: 5_000, retry: 1, refetchOnWindowFocus: false },
    // A write clicked while offline fails at once with the network error, instead of TanStack Query's default
    // of pausing it until the connection returns: it then ran as whichever account was connected by then (a
    // post published as the next student, a tip paid from their wallet), after minutes of "Posting…".
    mutations: { networkMode: "always" },
  },
});

followSessionInOtherTabs(queryClient);

export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <Suspense fallback={<BootShell />}>
        <AlertProvider>
          <RouterProvider router={router} />
        </AlertProvider>
      </Suspense>
    </QueryClientProvider>
  );
}
