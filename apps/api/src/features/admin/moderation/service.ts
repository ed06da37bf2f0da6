/**
 * Moderation: the admin sees every profile, post and project (archived and hidden ones too) and toggles
 * their visibility. The public lists leave out archived profiles, hidden posts and archived projects.
 */
import type { Post, Profile, Project } from "@classcoin/shared/entities";
import { messages } from "@classcoin/shared/messages";
import { desc, eq } from "drizzle-orm";
import type { AdminGrant } from "../../../auth/admin";
import type { Db } from "../../../db/client";
import { posts, profiles, projects } from "../../../db/schema";
import { notFound } from "../../../http-errors";
import { readPost, readPosts } from "../../posts/service";
import { toProfile } from "../../profiles/service";
import { readProjects } from "../../projects/service";

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

export async function listAllPosts(db: Db): Promise<Post[]> {
  return readPosts(db);
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
    return readPost(tx, id);
  });
}

/** Every submission of all four projects, by project number then newest first. */
export async function listAllProjects(db: Db): Promise<Project[]> {
  // Stable sort: newest first within each project number.
  return (await readProjects(db)).sort((a, b) => a.projectNumber - b.projectNumber);
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
    const [project] = await readProjects(tx, eq(projects.id, id));
    if (!project) throw notFound(messages.project.notFound);
    return project;
  });
}
