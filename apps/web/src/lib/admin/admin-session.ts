/**
 * Admin reads by session (issue 14): on /admin the admin signs in once (Sign-In with Ethereum, the same
 * session every user write uses); from then on the tabs load their lists with that session and no wallet
 * prompt. Each write still asks for its own signature. If the admin declines the sign-in, reads fall back to
 * a signed message each, as spec §7 describes.
 */
import { useEffect, useRef, useState } from "react";
import { useSignedIn } from "../../wallet/session";
import { usePrepareWrite } from "../../wallet/use-prepare-write";
import { isUserRejection } from "../../wallet/user-rejection";

/** `ready`: the tabs may load (signed in, or reads will be signed one by one); `signing-in`: wait. */
export type AdminSessionState = "signing-in" | "ready";

export function useAdminSession(isAdmin: boolean): AdminSessionState {
  const signedIn = useSignedIn();
  const prepareWrite = usePrepareWrite();
  const tried = useRef(false);
  const [gaveUp, setGaveUp] = useState(false);

  // Another account (or none) connected: the next time the admin's is, sign in again. Before, the page
  // stayed on "Sign in with the admin wallet…" for good after a switch away and back.
  useEffect(() => {
    if (isAdmin) return;
    tried.current = false;
    setGaveUp(false);
  }, [isAdmin]);

  useEffect(() => {
    if (!isAdmin || signedIn !== false || tried.current) return;
    tried.current = true;
    prepareWrite().catch((error: unknown) => {
      if (!isUserRejection(error)) console.error("Admin sign-in failed; reads will be signed one by one", error);
      setGaveUp(true);
    });
  }, [isAdmin, signedIn, prepareWrite]);

  if (signedIn === true || gaveUp) return "ready";
  return "signing-in";
}
