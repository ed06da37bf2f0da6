/** The connected member's own profile (spec §2): wallet, credits, name, birthday, star sign, photo, Edit. */
import type { Profile } from "@classcoin/shared/entities";
import { Avatar } from "../../ui/avatar";
import { useCcBalance } from "../../wallet/use-cc-balance";

export function OwnProfile({ profile, onEdit }: { profile: Profile; onEdit: () => void }) {
  const balance = useCcBalance();
  return (
    <section className="card own-profile" aria-labelledby="own-profile-title">
      <Avatar photo={profile.photo} wallet={profile.wallet} name={profile.name} size={96} />
      <div className="own-profile-body">
        <h2 id="own-profile-title">Your profile</h2>
        <dl className="facts">
          <dt>Name</dt>
          <dd>{profile.name}</dd>
          <dt>Wallet</dt>
          <dd>
            <code className="wallet-full">{profile.wallet}</code>
          </dd>
          <dt>Credits</dt>
          <dd data-testid="own-credits">{balance.label ?? "…"}</dd>
          <dt>Birthday</dt>
          <dd>{profile.birthday}</dd>
          <dt>Star sign</dt>
          <dd>{profile.starSign}</dd>
          {profile.bio && (
            <>
              <dt>Bio</dt>
              <dd className="bio">{profile.bio}</dd>
            </>
          )}
        </dl>
        <button type="button" className="button" onClick={onEdit}>
          Edit
        </button>
      </div>
    </section>
  );
}
