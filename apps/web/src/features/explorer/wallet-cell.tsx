/** A wallet in the explorer: photo and name when it belongs to a profile, an identicon otherwise; 0x1234…abcd. */
import { Avatar } from "../../ui/avatar";
import { shortAddress } from "../../ui/short-address";

export function WalletCell({ wallet, name, photo }: { wallet: string; name: string | null; photo: string | null }) {
  return (
    <span className="wallet-cell" title={wallet}>
      <Avatar photo={photo} wallet={wallet} name={name ?? wallet} size={24} />
      <span className="wallet-cell-text">
        {name && <span className="wallet-name">{name}</span>}
        <span className="mono">{shortAddress(wallet)}</span>
      </span>
    </span>
  );
}
