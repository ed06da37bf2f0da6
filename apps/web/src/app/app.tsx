import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { Suspense } from "react";
import { RouterProvider } from "react-router";
import { AlertProvider } from "../ui/alerts";
import { Spinner } from "../ui/spinner";
import { router } from "./router";

const queryClient = new QueryClient({
  defaultOptions: { queries: { staleTime: 5_000, retry: 1, refetchOnWindowFocus: false } },
});

export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <Suspense fallback={<Spinner fullScreen label="Loading ClassCoin" />}>
        <AlertProvider>
          <RouterProvider router={router} />
        </AlertProvider>
      </Suspense>
    </QueryClientProvider>
  );
}
