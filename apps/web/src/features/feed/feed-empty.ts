/**
 * The Feed's empty state: only someone who can post (a connected student with an active profile) is invited
 * to share the first image; a visitor, or a wallet without a profile, is just told the Feed is empty.
 */
export const FEED_EMPTY_NEUTRAL = "Nothing on the Feed yet.";
export const FEED_EMPTY_INVITE = "Nothing on the Feed yet. Share the first image!";

export function feedEmptyText(canPost: boolean): string {
  return canPost ? FEED_EMPTY_INVITE : FEED_EMPTY_NEUTRAL;
}
