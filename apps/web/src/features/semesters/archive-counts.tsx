/** What an archive holds (or would hold, in the admin's preview): a small grid of label and number. */
import type { ArchiveCounts } from "@classcoin/shared/semesters";

const countLabels: [keyof ArchiveCounts, string][] = [
  ["profiles", "Profiles"],
  ["photos", "Profile photos"],
  ["projectSubmissions", "Project submissions"],
  ["projectImages", "Project images"],
  ["posts", "Posts"],
  ["comments", "Comments"],
  ["transactions", "Transactions"],
  ["bounties", "Bounties"],
  ["predictions", "Predictions"],
];

export function ArchiveCountList({ counts, label }: { counts: ArchiveCounts; label: string }) {
  return (
    <dl className="archive-counts" aria-label={label}>
      {countLabels.map(([key, text]) => (
        <div key={key} className="archive-count" data-testid={`count-${key}`}>
          <dt>{text}</dt>
          <dd>{counts[key].toLocaleString("en-US")}</dd>
        </div>
      ))}
    </dl>
  );
}
