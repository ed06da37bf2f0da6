/**
 * The token wallet page (spec: `/wallet`) has a layout of its own, so its HTML paints the wallet's loading
 * screen instead of the platform's header. One test of the address for the three places that choose: the
 * API (which sends wallet.html), the dev server's boot-shell plugin and the app's outermost loading fallback.
 */
export const WALLET_PAGE_PATH = "/wallet";

/** Whether a pathname (no query) is the token wallet page: `/wallet` or `/wallet/`. */
export function isWalletPage(pathname: string): boolean {
  return pathname === WALLET_PAGE_PATH || pathname === `${WALLET_PAGE_PATH}/`;
}
