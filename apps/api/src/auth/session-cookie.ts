/**
 * The session cookie's names and when each is used (no imports, so test and e2e helpers can read them). On an
 * https site the name carries the `__Host-` prefix: browsers then accept it only Secure, for Path=/ and from
 * this host, so no page on a sibling subdomain can set one. Without it such a page could plant
 * `classcoin_session` for `/api`, which browsers send before ours and the server took: a sign-in as the
 * planter's wallet, or a lock-out that signing in or out again could not clear. On http (local) the prefix
 * cannot be used, and there is no such sibling.
 */
export const SESSION_COOKIE = "classcoin_session";
export const SECURE_SESSION_COOKIE = `__Host-${SESSION_COOKIE}`;

const secureSites = new WeakMap<object, boolean>();
/** Whether the site is served over https (its cookies Secure and `__Host-`), from `PUBLIC_URL`. */
export function isSecureSite(config: { publicUrl: string }): boolean {
  let secure = secureSites.get(config);
  if (secure === undefined) {
    secure = new URL(config.publicUrl).protocol === "https:";
    secureSites.set(config, secure);
  }
  return secure;
}
