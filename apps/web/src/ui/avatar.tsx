import { endpointUrl } from "@classcoin/shared/endpoint";
import { imageEndpoints } from "@classcoin/shared/endpoints/images";
import { useState } from "react";
import { Identicon } from "./identicon";
import "./avatar.css";

/** A profile photo (`GET /api/profiles/photo/:file`), or the wallet's identicon when there is none or it fails. */
export function Avatar({
  photo,
  wallet,
  name,
  size = 48,
}: {
  photo: string | null | undefined;
  wallet: string;
  name: string;
  size?: number;
}) {
  const [failed, setFailed] = useState(false);
  if (!photo || failed) {
    return (
      <span className="avatar" style={{ width: size, height: size }}>
        <Identicon wallet={wallet} size={size} />
      </span>
    );
  }
  return (
    <img
      className="avatar"
      src={endpointUrl(imageEndpoints.profilePhoto.path, { file: photo })}
      alt={name}
      width={size}
      height={size}
      loading="lazy"
      onError={() => setFailed(true)}
    />
  );
}
