/** The demo community's content: six students (anvil dev accounts 1-6), their posts, votes, art and bounties. */
import type { STAR_SIGNS } from "@classcoin/shared/constants";

type StarSign = (typeof STAR_SIGNS)[number];

export interface DemoPerson {
  /** anvil dev account index. */
  account: number;
  name: string;
  birthday: string;
  starSign: StarSign;
  colour: string;
}

export const demoPeople: readonly DemoPerson[] = [
  { account: 1, name: "Ava Chen", birthday: "2008-03-28", starSign: "Aries", colour: "#e76f51" },
  { account: 2, name: "Ben Okafor", birthday: "2007-08-05", starSign: "Leo", colour: "#2a9d8f" },
  { account: 3, name: "Chloé Martin", birthday: "2008-10-12", starSign: "Libra", colour: "#6d597a" },
  { account: 4, name: "Diego Ruiz", birthday: "2007-12-30", starSign: "Capricorn", colour: "#457b9d" },
  { account: 5, name: "Emi Tanaka", birthday: "2008-06-02", starSign: "Gemini", colour: "#f4a261" },
  { account: 6, name: "Farah Haddad", birthday: "2008-02-25", starSign: "Pisces", colour: "#e63946" },
];

/** CC sent from the treasury to each demo student. */
export const DEMO_FUNDING_CC = 1_000;

/** Posts oldest first; `votes` are [voter's index in demoPeople, choice]. */
export const demoPosts: readonly { author: number; content: string; votes: [number, "up" | "down"][] }[] = [
  {
    author: 0,
    content: "Welcome to the ClassCoin forum! Introduce yourself and tell us what you are drawing this term.",
    votes: [
      [1, "up"],
      [2, "up"],
      [3, "up"],
      [4, "up"],
    ],
  },
  {
    author: 1,
    content: "Does anyone have tips for mixing skin tones with only primary colours? My portrait looks grey.",
    votes: [
      [0, "up"],
      [5, "up"],
    ],
  },
  {
    author: 2,
    content: "Reminder: project 2 (still life) is due Friday. Natural light from a window works wonders.",
    votes: [
      [0, "up"],
      [1, "up"],
      [3, "down"],
    ],
  },
  {
    author: 3,
    content: "I tipped 5 CC to every still life I liked. Tipping is fun: try it on the Projects page!",
    votes: [
      [4, "up"],
      [5, "down"],
    ],
  },
  {
    author: 4,
    content: "Is the mural bounty still open? I would love to team up with someone on it.",
    votes: [[2, "up"]],
  },
];

/** Project submissions: [author index, project number, title, description]. */
export const demoProjects: readonly { author: number; project: 1 | 2 | 3; title: string; description: string }[] = [
  {
    author: 0,
    project: 1,
    title: "Self portrait in blue",
    description: "Acrylic on cardboard, painted from a mirror.",
  },
  { author: 1, project: 1, title: "Me, but a robot", description: "Digital drawing; the helmet took longest." },
  { author: 4, project: 1, title: "Morning face", description: "Charcoal sketch before coffee." },
  { author: 2, project: 2, title: "Three lemons", description: "Still life with window light." },
  { author: 3, project: 2, title: "Sneakers", description: "My favourite shoes, in watercolour." },
  { author: 5, project: 3, title: "City at night", description: "Landscape from the bus stop, gouache." },
  { author: 1, project: 3, title: "The river bend", description: "Plein-air study, oil pastel." },
];

/**
 * Tips the demo students really send on chain (from their own dev account) and report as any student does,
 * so the forum's "I tipped 5 CC…" is true and the projects show what they received: [tipper's index in
 * demoPeople, index in demoProjects, whole CC]. Nobody tips their own submission.
 */
export const demoTips: readonly { from: number; project: number; amount: number }[] = [
  // Diego's post: "I tipped 5 CC to every still life I liked" (the other still life is his own).
  { from: 3, project: 3, amount: 5 },
  { from: 0, project: 1, amount: 3 },
  { from: 5, project: 0, amount: 2 },
  { from: 2, project: 5, amount: 4 },
];

export const artPalettes: readonly (readonly string[])[] = [
  ["#f4f1de", "#e07a5f", "#3d405b", "#81b29a", "#f2cc8f"],
  ["#edf2f4", "#2b2d42", "#8d99ae", "#ef233c", "#d90429"],
  ["#fefae0", "#606c38", "#283618", "#dda15e", "#bc6c25"],
  ["#f1faee", "#e63946", "#a8dadc", "#457b9d", "#1d3557"],
];

const DAY_MS = 24 * 60 * 60 * 1000;

/** Bounties in every state; `completedBy` is a demoPeople index. */
export function demoBounties(now: number) {
  return [
    {
      title: "Paint a mural sketch for the hallway",
      description: "A 1:10 sketch of a mural on the theme 'community'. Bring it to class.",
      reward: 100,
      status: "completed" as const,
      completedBy: 1,
      completedAt: new Date(now - 2 * DAY_MS),
      createdAt: new Date(now - 12 * DAY_MS),
    },
    {
      title: "Write a haiku about blockchains",
      description: "Seventeen syllables on blocks and chains. Cancelled: the poetry unit moved to spring.",
      reward: 15,
      status: "cancelled" as const,
      createdAt: new Date(now - 9 * DAY_MS),
    },
    {
      title: "Photograph campus wildlife",
      description: "Three photos of animals on campus. (Crossed out: we have enough squirrel photos.)",
      reward: 25,
      status: "active" as const,
      crossedOut: true,
      createdAt: new Date(now - 5 * DAY_MS),
    },
    {
      title: "Design the class mascot",
      description: "Draw a mascot for our class. The class votes on the winner in the forum.",
      reward: 50,
      status: "active" as const,
      createdAt: new Date(now - 2 * DAY_MS),
    },
    {
      title: "Help a classmate set up a wallet",
      description: "Sit with someone new and help them connect a wallet and create a profile.",
      reward: 10,
      status: "active" as const,
      createdAt: new Date(now - DAY_MS),
    },
  ];
}
