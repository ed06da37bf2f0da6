/**
 * Project submissions: one per wallet per project number (1–4). Saving creates it or, when the wallet
 * already has one for that project, updates it; a new image is then optional.
 */

import type { Project } from "@classcoin/shared/entities";
import { messages } from "@classcoin/shared/messages";
import { type ListPageQuery, pageLimit } from "@classcoin/shared/paging";
import type { ProjectFormFields } from "@classcoin/shared/projects";
import { and, desc, eq, lt, ne, type SQL } from "drizzle-orm";
import type { AdminGrant } from "../../auth/admin";
import { requireMinBalance } from "../../chain/balances";
import type { Db } from "../../db/client";
import { profiles, projects } from "../../db/schema";
import type { AppDeps } from "../../deps";
import { HttpError, notFound, validationFailed } from "../../http-errors";
import type { UploadedFile } from "../images/multipart";
import { storeImage } from "../images/service";
import { findProfile } from "../profiles/service";

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

function selectProjects(db: Db, where: SQL | undefined) {
  return db
    .select(projectColumns)
    .from(projects)
    .leftJoin(profiles, eq(profiles.wallet, projects.authorWallet))
    .where(where)
    .orderBy(desc(projects.id));
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

/**
 * Active (not archived) submissions for one project, newest first (by `id`, which is unique): the whole
 * list, or a keyset page (paging.ts) where `before` continues after that submission.
 */
export async function listProjects(db: Db, projectNumber: number, page: ListPageQuery = {}): Promise<Project[]> {
  const where = and(
    eq(projects.projectNumber, projectNumber),
    eq(projects.archived, false),
    page.before === undefined ? undefined : lt(projects.id, Number(page.before)),
  );
  const query = selectProjects(db, where);
  const limit = pageLimit(page);
  const rows = await (limit === undefined ? query : query.limit(limit));
  return rows.map(toProject);
}

/** The wallet's own submission for a project (archived ones too, so the author sees its state). */
export async function findOwnProject(db: Db, projectNumber: number, wallet: string): Promise<Project | undefined> {
  const [row] = await selectProjects(
    db,
    and(eq(projects.projectNumber, projectNumber), eq(projects.authorWallet, wallet)),
  );
  return row ? toProject(row) : undefined;
}

export async function getOwnProject(db: Db, projectNumber: number, wallet: string): Promise<Project> {
  const project = await findOwnProject(db, projectNumber, wallet);
  if (!project) throw notFound(messages.project.notFound);
  return project;
}

async function storeProjectImage(db: Db, image: UploadedFile): Promise<string> {
  try {
    return await storeImage(db, image.bytes, "project");
  } catch (error) {
    // The image service speaks of photos; a submission form says "image" (spec §5).
    if (error instanceof HttpError && error.statusCode === 400) {
      throw validationFailed([error.message === messages.photo.badType ? messages.project.imageFile : error.message]);
    }
    throw error;
  }
}

/** Creates or updates the wallet's submission after the spec's checks (§5 "Project submission"). */
export async function saveProject(
  deps: AppDeps,
  fields: ProjectFormFields,
  image: UploadedFile | undefined,
): Promise<Project> {
  const { db } = deps.database;
  const profile = await findProfile(db, fields.wallet);
  if (!profile || profile.archived) throw validationFailed([messages.project.requirements]);
  await requireMinBalance(deps, fields.wallet, messages.project.requirements);
  const existing = await findOwnProject(db, fields.projectNumber, fields.wallet);
  const errors: string[] = [];
  if (!fields.title || (!existing && !image)) errors.push(messages.project.titleAndImage);
  if (image && !image.mimetype.startsWith("image/")) errors.push(messages.project.imageFile);
  if (errors.length > 0) throw validationFailed(errors);

  const values = { title: fields.title, description: fields.description };
  if (image) {
    const file = await storeProjectImage(db, image);
    // An upsert, so two first submissions racing each other end as one row instead of a unique violation.
    await db
      .insert(projects)
      .values({ authorWallet: fields.wallet, projectNumber: fields.projectNumber, image: file, ...values })
      .onConflictDoUpdate({
        target: [projects.authorWallet, projects.projectNumber],
        set: { ...values, image: file },
      });
  } else {
    await db
      .update(projects)
      .set(values)
      .where(and(eq(projects.authorWallet, fields.wallet), eq(projects.projectNumber, fields.projectNumber)));
  }
  return getOwnProject(db, fields.projectNumber, fields.wallet);
}

/** Every submission of all four projects for the admin, archived ones too, by project number then newest first. */
export async function listAllProjects(db: Db): Promise<Project[]> {
  // Stable sort: newest first within each project number.
  return (await selectProjects(db, undefined)).map(toProject).sort((a, b) => a.projectNumber - b.projectNumber);
}

/** Moderation: an archived submission leaves its project's public list and cannot receive tips. */
export async function setProjectArchived(
  db: Db,
  grant: AdminGrant,
  input: { projectId: string; archive: boolean },
): Promise<{ project: Project; changed: boolean }> {
  const id = Number(input.projectId);
  return db.transaction(async (tx) => {
    await grant.consume(tx);
    const updated = await tx
      .update(projects)
      .set({ archived: input.archive })
      .where(and(eq(projects.id, id), ne(projects.archived, input.archive)))
      .returning({ id: projects.id });
    const [row] = await selectProjects(tx, eq(projects.id, id));
    if (!row) throw notFound(messages.project.notFound);
    return { project: toProject(row), changed: updated.length > 0 };
  });
}
