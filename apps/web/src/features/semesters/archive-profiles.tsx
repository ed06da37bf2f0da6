/** The archived profiles: photo, name, star sign, wallet, bio, joined date (read-only, no Copy or links). */
import type { ArchivedProfile } from "@classcoin/shared/semesters";
import { Avatar } from "../../ui/avatar";
import { formatDate } from "../../ui/dates";

export function ArchiveProfiles({ profiles }: { profiles: ArchivedProfile[] }) {
  if (profiles.length === 0) return <p className="empty-state">No profiles were archived.</p>;
  return (
    <div className="card-grid archive-profiles">
      {profiles.map((profile) => (
        <article key={profile.wallet} className="card archive-profile" data-testid="archived-profile">
          <Avatar photo={profile.photo} wallet={profile.wallet} name={profile.name} size={72} />
          <h3>{profile.name}</h3>
          <p className="muted">{profile.starSign}</p>
          <code className="mono break">{profile.wallet}</code>
          {profile.bio && <p className="archive-bio">{profile.bio}</p>}
          <p className="muted small">Joined {formatDate(profile.createdAt)}</p>
        </article>
      ))}
    </div>
  );
}
