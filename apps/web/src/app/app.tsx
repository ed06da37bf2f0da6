import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { Suspense } from "react";
import { RouterProvider } from "react-router";
import { AlertProvider } from "../ui/alerts";
import { BootShell } from "./boot-shell";
import { router } from "./router";

const queryClient = new QueryClient({
  defaultOptions: { queries: { staleTime: 5_000, retry: 1, refetchOnWindowFocus: false } },
});

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
