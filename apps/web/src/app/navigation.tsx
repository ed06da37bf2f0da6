import { NavLink } from "react-router";

const links = [
  { to: "/", label: "Home" },
  { to: "/profiles", label: "Profiles" },
  { to: "/projects", label: "Projects" },
  { to: "/explorer", label: "Explorer" },
  { to: "/forum", label: "Forum" },
  { to: "/bounties", label: "Bounties" },
];

export function Navigation({ showAdmin = false }: { showAdmin?: boolean }) {
  return (
    <nav aria-label="Main" className="nav">
      <ul>
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
