import type { PublicConfig } from "@classcoin/shared/api-meta";
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
const render = (config: PublicConfig, balanceKnown = true) =>
  renderToStaticMarkup(
    <AlertProvider>
      <NeedsCcNotice config={config} wallet={wallet} balanceKnown={balanceKnown} />
    </AlertProvider>,
  );

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
});
