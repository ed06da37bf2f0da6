import type { PublicConfig } from "@classcoin/shared/api-meta";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { WalletSetupContext } from "../../wallet/wallet-context";
import { TxLink } from "./tx-link";

const hash = `0x${"ab".repeat(32)}`;
const render = (blockExplorerUrl: string | null) =>
  renderToStaticMarkup(
    <WalletSetupContext.Provider value={{ config: { blockExplorerUrl } as PublicConfig, devWallet: null }}>
      <TxLink hash={hash} />
    </WalletSetupContext.Provider>,
  );

describe("a transaction in the admin panel", () => {
  it("behavior: on a chain with a block explorer, the short hash links to the transaction there", () => {
    const html = render("https://sepolia.etherscan.io/");
    expect(html).toContain(`href="https://sepolia.etherscan.io/tx/${hash}"`);
    expect(html).toContain(">0xabab…abab</a>");
  });

  it("behavior: without one (the local chain), the short hash with the whole one on hover", () => {
    expect(render(null)).toBe(`<code class="mono" title="${hash}">0xabab…abab</code>`);
  });
});
