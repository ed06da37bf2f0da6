/**
 * Which notifications a live event causes, worded for the person it concerns: a tip to your project, a vote
 * on your post (the first from each voter), a comment on your post or a reply to your comment, your post
 * or Feed post hidden, your profile or submission archived. Nobody is told about their own doing. Who did it is
 * `actorWallet`, named when the list is read (service.ts); each links to the exact thing (`notificationLinks`).
 */
import type { LiveEvent } from "@classcoin/shared/live-events";
import { notificationLinks } from "@classcoin/shared/notifications";
import { eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { comments, feedPosts, posts, projects } from "../../db/schema";
import type { NewNotification } from "./service";

const EXCERPT_CHARS = 60;

/** The first characters of a text, on one line, with "…" when cut (code points, so no emoji is split). */
export function excerpt(text: string, max = EXCERPT_CHARS): string {
  const flat = text.replace(/\s+/g, " ").trim();
  const chars = [...flat];
  return chars.length <= max
    ? flat
    : `${chars
        .slice(0, max - 1)
        .join("")
        .trimEnd()}…`;
}

const cc = (amount: number) => `${amount.toLocaleString("en-US", { maximumFractionDigits: 6 })} CC`;

/**
 * Whether the event can cause a notification at all, told from the event alone. Most events cannot (the
 * indexer's transactions, profile and project changes, the `notification` events this feature publishes
 * itself), and they are not worth the transaction that words and stores notifications.
 */
export function mayNotify(event: LiveEvent): boolean {
  switch (event.type) {
    case "tip":
      return event.fromWallet !== event.toWallet;
    case "post.voted":
      return event.voterWallet !== event.authorWallet;
    case "comment.changed":
      return event.created !== undefined;
    case "moderation":
    case "feed.changed":
      return event.hidden;
    case "bounty.completed":
    case "award":
      return true;
    default:
      return false;
  }
}

export async function notificationsFor(db: Db, event: LiveEvent): Promise<NewNotification[]> {
  if (!mayNotify(event)) return [];
  switch (event.type) {
    case "tip": {
      if (event.fromWallet === event.toWallet) return [];
      const [project] = await db
        .select({ title: projects.title })
        .from(projects)
        .where(eq(projects.id, Number(event.projectId)));
      const title = project ? `"${excerpt(project.title)}"` : `your Project ${event.projectNumber} submission`;
      return [
        {
          wallet: event.toWallet,
          kind: "tip",
          actorWallet: event.fromWallet,
          text: `tipped you ${cc(event.amount)} for ${title}.`,
          link: notificationLinks.submission(event.projectNumber, event.projectId),
          dedupeKey: `tip:${event.txHash}`,
        },
      ];
    }
    case "post.voted": {
      if (event.voterWallet === event.authorWallet) return [];
      const [post] = await db
        .select({ content: posts.content })
        .from(posts)
        .where(eq(posts.id, Number(event.postId)));
      if (!post) return [];
      const verb = event.vote === "up" ? "upvoted" : "downvoted";
      return [
        {
          wallet: event.authorWallet,
          kind: "vote",
          actorWallet: event.voterWallet,
          text: `${verb} your post "${excerpt(post.content)}".`,
          link: notificationLinks.forum(event.postId),
          dedupeKey: `vote:${event.postId}:${event.voterWallet}`,
        },
      ];
    }
    case "comment.changed":
      return event.created ? commentNotifications(db, event.created) : [];
    case "moderation":
      return event.hidden ? [await moderationNotification(db, event)] : [];
    case "feed.changed":
      return event.hidden ? feedHiddenNotification(db, event.feedPostId) : [];
    case "bounty.completed":
      return [
        {
          wallet: event.wallet,
          kind: "bounty_completed",
          actorWallet: null,
          text: `Your bounty "${excerpt(event.title)}" was marked completed: ${cc(event.reward)} was paid to you.`,
          link: notificationLinks.bounty(event.bountyId),
          dedupeKey: `bounty:${event.bountyId}`,
        },
      ];
    case "award":
      return [
        {
          wallet: event.wallet,
          kind: "award",
          actorWallet: null,
          text: `The instructor awarded you ${cc(event.amount)}: "${excerpt(event.note)}".`,
          link: notificationLinks.transaction(event.txHash),
          dedupeKey: `award:${event.txHash}`,
        },
      ];
    default:
      return [];
  }
}

/**
 * A comment written: its post's author is told, and for a reply the author of the comment replied to (once,
 * as a reply, when that is also the post's author): for a reply to a reply, the reply it answers (`replyToId`),
 * not the thread's first comment (whose author used to be told instead, and the one answered never). Nobody
 * is told of their own comment.
 */
async function commentNotifications(
  db: Db,
  created: { commentId: string; authorWallet: string },
): Promise<NewNotification[]> {
  const [comment] = await db
    .select({
      postId: comments.postId,
      parentId: comments.parentId,
      replyToId: comments.replyToId,
      text: comments.text,
      removed: sql<boolean>`(${comments.deleted} or ${comments.hidden})`,
    })
    .from(comments)
    .where(eq(comments.id, Number(created.commentId)))
    // Held until the notifications are stored (the caller's transaction): a delete or hide of the comment
    // meanwhile waits, then removes them (comments/service.ts); one before is seen here.
    .for("share");
  // Deleted or hidden before its notifications were written: there is nothing left to quote.
  if (!comment || comment.removed) return [];
  const [post] = await db
    .select({ authorWallet: posts.authorWallet, content: posts.content })
    .from(posts)
    .where(eq(posts.id, comment.postId));
  const answered = comment.replyToId ?? comment.parentId;
  const [parent] =
    answered === null
      ? []
      : await db
          .select({ authorWallet: comments.authorWallet, text: comments.text })
          .from(comments)
          .where(eq(comments.id, answered));
  const said = excerpt(comment.text);
  const told: NewNotification[] = [];
  if (parent && parent.authorWallet !== created.authorWallet) {
    told.push({
      wallet: parent.authorWallet,
      kind: "reply",
      actorWallet: created.authorWallet,
      text: `replied to your comment "${excerpt(parent.text)}": "${said}"`,
      link: notificationLinks.forum(comment.postId, created.commentId),
      dedupeKey: `comment:${created.commentId}`,
    });
  }
  if (post && post.authorWallet !== created.authorWallet && post.authorWallet !== parent?.authorWallet) {
    told.push({
      wallet: post.authorWallet,
      kind: "comment",
      actorWallet: created.authorWallet,
      text: `commented on your post "${excerpt(post.content)}": "${said}"`,
      link: notificationLinks.forum(comment.postId, created.commentId),
      dedupeKey: `comment:${created.commentId}`,
    });
  }
  return told;
}

/**
 * The Feed's event never names the author (it goes to every stream); the author is looked up here, and the
 * notification goes only to their own streams, so the class still learns nothing of who posted it.
 */
async function feedHiddenNotification(db: Db, feedPostId: string): Promise<NewNotification[]> {
  const [post] = await db
    .select({ wallet: feedPosts.authorWallet, text: feedPosts.text })
    .from(feedPosts)
    .where(eq(feedPosts.id, Number(feedPostId)));
  if (!post) return [];
  return [
    {
      wallet: post.wallet,
      kind: "feed_post_hidden",
      actorWallet: null,
      text: post.text.trim()
        ? `Your Feed post "${excerpt(post.text)}" was hidden by the instructor.`
        : "One of your Feed posts was hidden by the instructor.",
      link: "/feed",
      dedupeKey: null,
    },
  ];
}

async function moderationNotification(
  db: Db,
  event: Extract<LiveEvent, { type: "moderation" }>,
): Promise<NewNotification> {
  const id = Number(event.id);
  switch (event.entity) {
    case "post": {
      const [post] = await db.select({ content: posts.content }).from(posts).where(eq(posts.id, id));
      const what = post ? `Your post "${excerpt(post.content)}"` : "One of your posts";
      return {
        wallet: event.wallet,
        kind: "post_hidden",
        actorWallet: null,
        text: `${what} was hidden by the instructor.`,
        // The post itself: the forum says it is no longer shown (and it is again once the instructor restores it).
        link: notificationLinks.forum(id),
        dedupeKey: null,
      };
    }
    case "profile":
      return {
        wallet: event.wallet,
        kind: "profile_archived",
        actorWallet: null,
        text: "Your profile was archived by the instructor. Please talk to your instructor to have it restored.",
        link: "/profiles",
        dedupeKey: null,
      };
    case "project": {
      const [project] = await db
        .select({ title: projects.title, projectNumber: projects.projectNumber })
        .from(projects)
        .where(eq(projects.id, id));
      return {
        wallet: event.wallet,
        kind: "project_archived",
        actorWallet: null,
        text: project
          ? `Your submission "${excerpt(project.title)}" for Project ${project.projectNumber} was archived by the instructor.`
          : "One of your project submissions was archived by the instructor.",
        link: project ? notificationLinks.submission(project.projectNumber, id) : "/projects",
        dedupeKey: null,
      };
    }
    case "comment": {
      const [comment] = await db.select({ postId: comments.postId }).from(comments).where(eq(comments.id, id));
      return {
        wallet: event.wallet,
        kind: "comment_hidden",
        actorWallet: null,
        text: "One of your comments was hidden by the instructor.",
        link: comment ? notificationLinks.forum(comment.postId, id) : "/forum",
        dedupeKey: null,
      };
    }
  }
}
