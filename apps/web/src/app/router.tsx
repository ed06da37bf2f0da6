import { createBrowserRouter } from "react-router";
import { HomePage } from "../features/home/home-page";
import { ErrorPage } from "./error-page";
import { Layout } from "./layout";
import { PlaceholderPage } from "./placeholder-page";

export const router = createBrowserRouter([
  {
    path: "/",
    element: <Layout />,
    errorElement: <ErrorPage />,
    children: [
      { index: true, element: <HomePage /> },
      { path: "profiles", element: <PlaceholderPage title="Profiles" /> },
      { path: "projects", element: <PlaceholderPage title="Projects" /> },
      { path: "explorer", element: <PlaceholderPage title="Explorer" /> },
      { path: "forum", element: <PlaceholderPage title="Forum" /> },
      { path: "bounties", element: <PlaceholderPage title="Bounties" /> },
      { path: "*", element: <PlaceholderPage title="Page not found" /> },
    ],
  },
]);
