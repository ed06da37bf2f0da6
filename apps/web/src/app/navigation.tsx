import { useEffect, useId, useRef, useState } from "react";
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
  const navRef = useRef<HTMLElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const openRef = useRef(open);
  openRef.current = open;
  // Following a link closes the menu. On a phone the followed link is then hidden and the focus fell to the
  // page's body (Tab started again at the top); it goes to the new page's content, where the skip link leads.
  // biome-ignore lint/correctness/useExhaustiveDependencies: following a link (a new path) is the trigger
  useEffect(() => {
    if (openRef.current && navRef.current?.contains(document.activeElement)) {
      document.getElementById("main")?.focus({ preventScroll: true });
    }
    setOpen(false);
  }, [location.pathname]);
  // Escape folds the open menu, as it closes the app's dialogs and the notifications panel; a keyboard user
  // inside the menu lands back on its button rather than on a link that has just been hidden.
  useEffect(() => {
    if (!open) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      const focusInside = navRef.current?.contains(document.activeElement) ?? false;
      setOpen(false);
      if (focusInside) buttonRef.current?.focus();
    };
    // A tap anywhere else folds it too: left open, it stayed over the page, and the notifications panel
    // opened from the bell lay on top of it, both at once.
    const onPointerDown = (event: PointerEvent) => {
      if (event.target instanceof Node && !navRef.current?.contains(event.target)) setOpen(false);
    };
    document.addEventListener("keydown", onKeyDown);
    document.addEventListener("pointerdown", onPointerDown);
    return () => {
      document.removeEventListener("keydown", onKeyDown);
      document.removeEventListener("pointerdown", onPointerDown);
    };
  }, [open]);
  return (
    <nav ref={navRef} aria-label="Main" className={open ? "nav open" : "nav"}>
      <button
        ref={buttonRef}
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
