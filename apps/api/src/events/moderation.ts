/** The admin's moderation (hide or show, archive or restore) as a live event. */
import type { LiveEvent } from "@classcoin/shared/live-events";
import type { EventBus } from "./bus";

type Moderation = Omit<Extract<LiveEvent, { type: "moderation" }>, "type">;

/**
 * Publishes the moderation when it `changed` something: hiding what was already hidden (a second click, a
 * second tab) announced it again and told its author twice.
 */
export async function announceModeration(events: EventBus, moderation: Moderation, changed: boolean): Promise<void> {
  if (changed) await events.publish({ type: "moderation", ...moderation });
}
