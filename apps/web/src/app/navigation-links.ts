/** The top navigation's links, in order: the header (navigation.tsx) and the boot shell (boot-shell.html) show these. */
export const navigationLinks = [
  { to: "/", label: "Home" },
  { to: "/profiles", label: "Profiles" },
  { to: "/projects", label: "Projects" },
  { to: "/explorer", label: "Explorer" },
  { to: "/forum", label: "Forum" },
  { to: "/bounties", label: "Bounties" },
  { to: "/feed", label: "Feed" },
  { to: "/leaderboard", label: "Leaderboard" },
];
