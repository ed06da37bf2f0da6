/** A community member's card (spec §2 /profiles): photo, name, star sign, wallet with Copy, bio, joined date. */
import { NAME_FALLBACK_WALLET_CHARS } from "@classcoin/shared/constants";
import type { Profile } from "@classcoin/shared/entities";
import { messages } from "@classcoin/shared/messages";
import { useAlert } from "../../ui/alerts";
import { Avatar } from "../../ui/avatar";
import { copyText } from "../../ui/copy-text";
import { formatDate } from "../../ui/dates";

export function ProfileCard({ profile }: { profile: Profile }) {
  const alert = useAlert();
  const name = profile.name || profile.wallet.slice(0, NAME_FALLBACK_WALLET_CHARS);
  return (
    <article className="card profile-card">
      <Avatar photo={profile.photo} wallet={profile.wallet} name={name} size={72} />
      <h3>{name}</h3>
      <p className="muted">{profile.starSign}</p>
      <div className="wallet-row">
        <code className="wallet-full">{profile.wallet}</code>
        <button
          type="button"
          className="button secondary small"
          aria-label={`Copy wallet address of ${name}`}
          onClick={async () => {
            if (await copyText(profile.wallet)) void alert(messages.catalogue.copied);
          }}
        >
          Copy
        </button>
      </div>
      {profile.bio && <p className="bio">{profile.bio}</p>}
      <p className="muted small">Joined {formatDate(profile.createdAt)}</p>
    </article>
  );
}
