/**
 * What an archived student meets wherever a profile would be needed (profiles, forum, projects, home): the
 * plain fact and what they can still do, instead of a form or a "create a profile" link that cannot work
 * (a wallet keeps its one profile, archived or not).
 */
import "./archived-notice.css";

export const ARCHIVED_TEXT = "Your profile was archived by the instructor.";
export const ARCHIVED_CAN_STILL =
  "You can still read everything, vote on posts and use your wallet. Posting, submitting projects and editing your profile wait until it is restored: please talk to your instructor.";

export function ArchivedNotice({ doing }: { doing?: string }) {
  return (
    <div className="notice archived-notice" role="status" data-testid="archived-notice">
      <p>
        <strong>{ARCHIVED_TEXT}</strong>
        {doing ? ` ${doing}` : ""}
      </p>
      <p className="small">{ARCHIVED_CAN_STILL}</p>
    </div>
  );
}
