/**
 * Moderation: the admin sees every profile, post and project (archived and hidden ones too) and toggles
 * their visibility. The public lists leave out archived profiles, hidden posts and archived projects.
 */
import type { Post, Profile, Project, VoteType } from "@classcoin/shared/entities";
import { messages } from "@classcoin/shared/messages";
import { desc, eq, sql } from "drizzle-orm";
import type { AdminGrant } from "../../../auth/admin";
import type { Db } from "../../../db/client";
import { posts, profiles, projects, votes } from "../../../db/schema";
import { notFound } from "../../../http-errors";

type ProfileRow = typeof profiles.$inferSelect;

function toProfile(row: ProfileRow): Profile {
  return {
    _id: String(row.id),
    wallet: row.wallet,
    name: row.name,
    birthday: row.birthday,
    starSign: row.starSign as Profile["starSign"],
    photo: row.photo,
    bio: row.bio,
    createdAt: row.createdAt.toISOString(),
    archived: row.archived,
  };
}

export async function listAllProfiles(db: Db): Promise<Profile[]> {
  const rows = await db.select().from(profiles).orderBy(desc(profiles.createdAt), desc(profiles.id));
  return rows.map(toProfile);
}

export async function setProfileArchived(
  db: Db,
  grant: AdminGrant,
  input: { wallet: string; archive: boolean },
): Promise<Profile> {
  return db.transaction(async (tx) => {
    await grant.consume(tx);
    const [row] = await tx
      .update(profiles)
      .set({ archived: input.archive })
      .where(eq(profiles.wallet, input.wallet))
      .returning();
    if (!row) throw notFound(messages.profile.notFound);
    return toProfile(row);
  });
}

const postColumns = {
  id: posts.id,
  authorWallet: posts.authorWallet,
  content: posts.content,
  createdAt: posts.createdAt,
  upvotes: posts.upvotes,
  downvotes: posts.downvotes,
  hidden: posts.hidden,
  authorName: profiles.name,
  authorPhoto: profiles.photo,
  votes: sql<Record<
    string,
    VoteType
  > | null>`(select json_object_agg(${votes.wallet}, ${votes.type}) from ${votes} where ${votes.postId} = ${posts.id})`,
};

function selectPosts(db: Db) {
  return db.select(postColumns).from(posts).leftJoin(profiles, eq(profiles.wallet, posts.authorWallet));
}

type PostRow = Awaited<ReturnType<typeof selectPosts>>[number];

function toPost(row: PostRow): Post {
  return {
    _id: String(row.id),
    authorWallet: row.authorWallet,
    content: row.content,
    createdAt: row.createdAt.toISOString(),
    upvotes: row.upvotes,
    downvotes: row.downvotes,
    votes: row.votes ?? {},
    hidden: row.hidden,
    authorName: row.authorName ?? (row.authorWallet || "Unknown"),
    authorPhoto: row.authorPhoto,
  };
}

export async function listAllPosts(db: Db): Promise<Post[]> {
  const rows = await selectPosts(db).orderBy(desc(posts.id));
  return rows.map(toPost);
}

export async function setPostHidden(
  db: Db,
  grant: AdminGrant,
  input: { postId: string; hide: boolean },
): Promise<Post> {
  const id = Number(input.postId);
  return db.transaction(async (tx) => {
    await grant.consume(tx);
    const updated = await tx
      .update(posts)
      .set({ hidden: input.hide })
      .where(eq(posts.id, id))
      .returning({ id: posts.id });
    if (updated.length === 0) throw notFound(messages.post.notFound);
    const [row] = await selectPosts(tx).where(eq(posts.id, id));
    return toPost(row!);
  });
}

const projectColumns = {
  id: projects.id,
  authorWallet: projects.authorWallet,
  projectNumber: projects.projectNumber,
  title: projects.title,
  description: projects.description,
  image: projects.image,
  totalReceived: projects.totalReceived,
  archived: projects.archived,
  createdAt: projects.createdAt,
  authorName: profiles.name,
  authorPhoto: profiles.photo,
};

function selectProjects(db: Db) {
  return db.select(projectColumns).from(projects).leftJoin(profiles, eq(profiles.wallet, projects.authorWallet));
}

type ProjectRow = Awaited<ReturnType<typeof selectProjects>>[number];

function toProject(row: ProjectRow): Project {
  return {
    _id: String(row.id),
    authorWallet: row.authorWallet,
    authorName: row.authorName ?? (row.authorWallet || "Unknown"),
    authorPhoto: row.authorPhoto,
    projectNumber: row.projectNumber,
    title: row.title,
    description: row.description,
    image: row.image,
    totalReceived: row.totalReceived,
    archived: row.archived,
    createdAt: row.createdAt.toISOString(),
  };
}

/** Every submission of all four projects, by project number then newest first. */
export async function listAllProjects(db: Db): Promise<Project[]> {
  const rows = await selectProjects(db).orderBy(projects.projectNumber, desc(projects.id));
  return rows.map(toProject);
}

export async function setProjectArchived(
  db: Db,
  grant: AdminGrant,
  input: { projectId: string; archive: boolean },
): Promise<Project> {
  const id = Number(input.projectId);
  return db.transaction(async (tx) => {
    await grant.consume(tx);
    const updated = await tx
      .update(projects)
      .set({ archived: input.archive })
      .where(eq(projects.id, id))
      .returning({ id: projects.id });
    if (updated.length === 0) throw notFound(messages.project.notFound);
    const [row] = await selectProjects(tx).where(eq(projects.id, id));
    return toProject(row!);
  });
}
