import { useEffect, useId, useState } from "react";
import { NavLink, useLocation } from "react-router";

const links = [
  { to: "/", label: "Home" },
  { to: "/profiles", label: "Profiles" },
  { to: "/projects", label: "Projects" },
  { to: "/explorer", label: "Explorer" },
  { to: "/forum", label: "Forum" },
  { to: "/bounties", label: "Bounties" },
  { to: "/feed", label: "Feed" },
  { to: "/leaderboard", label: "Leaderboard" },
];

/** The top navigation; on a phone it folds behind a Menu button (CSS decides when). */
export function Navigation({ showAdmin = false }: { showAdmin?: boolean }) {
  const [open, setOpen] = useState(false);
  const listId = useId();
  const location = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: following a link closes the menu
  useEffect(() => setOpen(false), [location.pathname]);
  return (
    <nav aria-label="Main" className={open ? "nav open" : "nav"}>
      <button
        type="button"
        className="menu-button"
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen((o) => !o)}
      >
        <span aria-hidden="true">☰</span> Menu
      </button>
      <ul id={listId}>
        {links.map((link) => (
          <li key={link.to}>
            <NavLink to={link.to} end={link.to === "/"}>
              {link.label}
            </NavLink>
          </li>
        ))}
        {showAdmin && (
          <li>
            <NavLink to="/admin">Admin</NavLink>
          </li>
        )}
      </ul>
    </nav>
  );
}
