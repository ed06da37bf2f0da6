import { WALLET_PAGE_PATH } from "@classcoin/shared/pages";
import { createBrowserRouter } from "react-router";
import { Spinner } from "../ui/spinner";
import { BootShell } from "./boot-shell";
import { ErrorPage } from "./error-page";
import { NotFoundPage } from "./not-found-page";
import { Root } from "./root";

// Each page is its own chunk, loaded when its route is first visited (keeps the first load small).
export const router = createBrowserRouter([
  {
    // The token wallet page: its own screen and layout, outside the platform's shell.
    path: WALLET_PAGE_PATH,
    errorElement: <ErrorPage />,
    hydrateFallbackElement: <Spinner fullScreen label="Loading the wallet" />,
    lazy: async () => ({ Component: (await import("./routes/wallet")).WalletRoute }),
  },
  {
    path: "/",
    element: <Root />,
    errorElement: <ErrorPage />,
    hydrateFallbackElement: <BootShell />,
    children: [
      { index: true, lazy: async () => ({ Component: (await import("./routes/home")).HomeRoute }) },
      {
        path: "profiles",
        lazy: async () => ({ Component: (await import("../features/profiles/profiles-page")).ProfilesPage }),
      },
      {
        path: "projects",
        lazy: async () => ({ Component: (await import("./routes/projects")).ProjectsRoute }),
      },
      {
        path: "explorer",
        lazy: async () => ({ Component: (await import("../features/explorer/explorer-page")).ExplorerPage }),
      },
      { path: "forum", lazy: async () => ({ Component: (await import("./routes/forum")).ForumRoute }) },
      {
        path: "bounties",
        lazy: async () => ({ Component: (await import("../features/bounties/bounties-page")).BountiesPage }),
      },
      { path: "feed", lazy: async () => ({ Component: (await import("../features/feed/feed-page")).FeedPage }) },
      {
        path: "leaderboard",
        lazy: async () => ({ Component: (await import("../features/leaderboard/leaderboard-page")).LeaderboardPage }),
      },
      {
        path: "archive",
        lazy: async () => ({ Component: (await import("../features/semesters/archives-page")).ArchivesPage }),
      },
      {
        path: "archive/:archiveId",
        lazy: async () => ({ Component: (await import("../features/semesters/archive-page")).ArchivePage }),
      },
      {
        path: "admin",
        lazy: async () => ({ Component: (await import("./admin/admin-page")).AdminPage }),
      },
      { path: "*", element: <NotFoundPage /> },
    ],
  },
]);
