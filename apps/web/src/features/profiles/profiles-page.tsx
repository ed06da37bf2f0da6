/** /profiles (spec §2): the community grid for everyone; the own profile, or the form, for a connected wallet. */
import { useState } from "react";
import { LoadMore } from "../../ui/load-more";
import { ArchivedNotice } from "../../wallet/archived-notice";
import { useAccountProfile } from "../../wallet/get-account-profile";
import { useWallet } from "../../wallet/use-wallet";
import { ConnectPrompt } from "../../wallet/user-strip";
import { useProfiles } from "./api/get-profiles";
import { OwnProfile } from "./own-profile";
import { ProfileCard } from "./profile-card";
import { ProfileForm } from "./profile-form";
import "./profiles.css";

export function ProfilesPage() {
  const { wallet } = useWallet();
  const { profile, archived, isLoading } = useAccountProfile();
  const { data, isLoading: listLoading, isError, hasNextPage, isFetchingNextPage, fetchNextPage } = useProfiles();
  const [editing, setEditing] = useState(false);
  const profiles = data?.pages.flatMap((page) => page.items);
  const others = (profiles ?? []).filter((p) => p.wallet.toLowerCase() !== wallet);

  return (
    <section className="page">
      <h1>Profiles</h1>
      {!wallet && <ConnectPrompt text="Connect your wallet to create or edit your profile." />}
      {wallet && isLoading && <p className="muted">Loading your profile...</p>}
      {wallet && profile === null && archived && <ArchivedNotice doing="It is hidden from the community." />}
      {wallet && profile === null && !archived && <ProfileForm key={wallet} profile={null} />}
      {wallet && profile && !editing && <OwnProfile profile={profile} onEdit={() => setEditing(true)} />}
      {wallet && profile && editing && (
        <ProfileForm key={`${wallet}-edit`} profile={profile} onDone={() => setEditing(false)} />
      )}
      <h2 className="section-title">{wallet && profile ? "Other members" : "Community"}</h2>
      {listLoading && <p className="muted">Loading profiles...</p>}
      {isError && <p className="form-error">The profiles could not be loaded. Please reload the page.</p>}
      {profiles && others.length === 0 && <p className="empty-state">No profiles yet.</p>}
      <div className="card-grid profile-grid">
        {others.map((p) => (
          <ProfileCard key={p._id} profile={p} />
        ))}
      </div>
      <LoadMore
        hasMore={hasNextPage}
        loading={isFetchingNextPage}
        onLoad={() => void fetchNextPage()}
        noun="profiles"
        shown={others.length}
      />
    </section>
  );
}
