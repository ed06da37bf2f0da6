import type { PublicConfig } from "@classcoin/shared/api-meta";
import { messages } from "@classcoin/shared/messages";
import type { RosterSelf } from "@classcoin/shared/roster-self";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { AlertProvider } from "../../ui/alerts";
import { NeedsCcNotice } from "./needs-cc-notice";

const wallet = "0x70997970c51812dc3a010c7d01b50e0d17dc79c8";
const sepolia: PublicConfig = {
  productName: "ClassCoin",
  productSymbol: "CC",
  chainId: 11155111,
  chainName: "Sepolia",
  local: false,
  rpcUrl: "https://rpc.sepolia.org",
  tokenAddress: `0x${"1".repeat(40)}`,
  adminWallet: `0x${"2".repeat(40)}`,
  blockExplorerUrl: "https://sepolia.etherscan.io",
  devAccounts: [],
  faucetEnv: "",
  feedAnnounceSeconds: 60,
  welcomeCc: 10,
};
const render = (config: PublicConfig, balanceKnown = true, self?: RosterSelf, onCheckGrant?: () => void) =>
  renderToStaticMarkup(
    <AlertProvider>
      <NeedsCcNotice
        config={config}
        wallet={wallet}
        balanceKnown={balanceKnown}
        self={self}
        onCheckGrant={onCheckGrant}
      />
    </AlertProvider>,
  );
const listed = (state: NonNullable<RosterSelf["grant"]>["state"] | null): RosterSelf => ({
  wallet,
  listed: true,
  grant: state === null ? null : { state, cc: 10, eth: "0", ccTxHash: null, ethTxHash: null },
});
/** As the markup writes it (quotes and ampersands escaped). */
const escaped = (text: string) => renderToStaticMarkup(<span>{text}</span>).slice("<span>".length, -"</span>".length);

describe("the create form's notice for a wallet without CC", () => {
  it("behavior: on Sepolia a student who owns nothing is told to ask for the roster, with their whole address", () => {
    const html = render(sepolia);
    expect(html).toContain("You need at least 1 ClassCoin to create a profile");
    expect(html).toContain(
      "New to the class? Ask your instructor to add this wallet to the class roster: it then receives 10 CC to get started.",
    );
    expect(html).toContain(`<code class="mono break">${wallet}</code>`);
    expect(html).toContain(">Copy</button>");
    expect(html).not.toContain("npm run faucet");
  });

  it("behavior: without a welcome grant, ask for CC; while the balance is read, only the spec's sentence", () => {
    expect(render({ ...sepolia, welcomeCc: 0 })).toContain("Ask your instructor to send CC to this wallet.");
    const reading = render(sepolia, false);
    expect(reading).toContain("You need at least 1 ClassCoin to create a profile");
    expect(reading).not.toContain("roster");
  });

  it("behavior: on the local chain, the faucet command instead", () => {
    const html = render({ ...sepolia, local: true, chainId: 31337 });
    expect(html).toContain(`npm run faucet -- ${wallet}`);
    expect(html).not.toContain("roster");
  });

  it("behavior: a signed-in student on the roster is told where their grant stands, not to ask for the roster", () => {
    const cases = [
      ["failed", messages.profile.grantFailed(10), true],
      ["ethOwed", messages.profile.grantEthOwed(10), true],
      ["underWay", messages.profile.grantUnderWay(10), false],
      ["paid", messages.profile.grantPaid(10), false],
      [null, messages.profile.listedWithoutGrant, true],
    ] as const;
    for (const [state, text, withWallet] of cases) {
      const html = render(sepolia, true, listed(state));
      expect(html).toContain("You need at least 1 ClassCoin to create a profile");
      expect(html).toContain(escaped(text));
      expect(html).not.toContain("Ask your instructor to add this wallet to the class roster");
      expect(html.includes(`<code class="mono break">${wallet}</code>`), String(state)).toBe(withWallet);
    }
    // What went wrong, and what to do.
    expect(messages.profile.grantFailed(10)).toMatch(/could not be sent: the class treasury had too little ETH/);
    expect(messages.profile.grantFailed(10)).toMatch(
      /Ask your instructor to top up the class treasury with ETH if it is low/,
    );
    // Not on the roster: the roster text, as before.
    expect(render(sepolia, true, { wallet, listed: false, grant: null })).toContain(
      escaped(messages.profile.askForCc(10)),
    );
  });

  it("behavior: not signed in, the roster text and a choice to sign in and check; none once signed in", () => {
    const html = render(sepolia, true, undefined, () => {});
    expect(html).toContain(escaped(messages.profile.askForCc(10)));
    expect(html).toContain(escaped(messages.profile.checkGrant));
    expect(render(sepolia, true, listed("failed"), undefined)).not.toContain(escaped(messages.profile.checkGrant));
  });
});
