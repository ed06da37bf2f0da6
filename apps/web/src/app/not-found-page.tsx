/** Any path the app does not have: says so, names the path, and leads back home and to the main pages. */
import { Link, useLocation } from "react-router";

const destinations = [
  { to: "/profiles", label: "Profiles" },
  { to: "/projects", label: "Projects" },
  { to: "/forum", label: "Forum" },
  { to: "/bounties", label: "Bounties" },
  { to: "/explorer", label: "Explorer" },
];

export function NotFoundPage() {
  const { pathname } = useLocation();
  return (
    <section className="page not-found" aria-labelledby="not-found-title">
      <p className="not-found-code" aria-hidden="true">
        404
      </p>
      <h1 id="not-found-title">Page not found</h1>
      <p className="muted">
        There is no page at{" "}
        <code>
          <bdi>{pathname}</bdi>
        </code>{" "}
        in ClassCoin. The link may be mistyped, or the page was moved.
      </p>
      <p>
        <Link className="button" to="/">
          Go to the home page
        </Link>
      </p>
      <nav aria-label="Main pages">
        <ul className="not-found-links">
          {destinations.map((d) => (
            <li key={d.to}>
              <Link to={d.to}>{d.label}</Link>
            </li>
          ))}
        </ul>
      </nav>
    </section>
  );
}
