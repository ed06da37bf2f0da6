import { SEPOLIA_FAUCET_URL } from "@classcoin/shared/constants";
import { messages } from "@classcoin/shared/messages";
import { useId } from "react";
import { PendingTransactionText } from "../../ui/pending-transaction";
import { shortAddress } from "../../ui/short-address";
import { faucetCommand } from "../../wallet/faucet-command";
import { DismissibleBanner } from "./dismissible-banner";
import { TransferForm } from "./transfer-form";
import { displaySymbol, formatTokenAmount, type TokenData } from "./wallet-page-state";

/** State 4 of spec §2. */
export function ConnectedWallet({
  tokenData,
  address,
  balance,
  txBeingSent,
  explorerUrl,
  relaying,
  transactionError,
  local,
  faucetEnv,
  devWallet,
  onTransfer,
  onTransferWithoutGas,
  gaslessReason,
  onDismissTransactionError,
}: {
  tokenData: TokenData;
  address: string;
  balance: bigint;
  txBeingSent: string | null;
  /** The chain's explorer, for the pending transfer's hash to link to (none on the local chain). */
  explorerUrl: string | null;
  /** A transfer without gas is being signed and handed to the class treasury (no hash until it is sent). */
  relaying: boolean;
  transactionError: string | null;
  local: boolean;
  /** What `npm run faucet` needs to find this stack (GET /api/config), e.g. "DATA_DIR=… ANVIL_PORT=…". */
  faucetEnv: string;
  /** The Dev wallet's accounts and how to switch between them, when it is the wallet in use. */
  devWallet: { accounts: readonly string[]; select: (account: string) => void } | null;
  onTransfer: (to: string, amount: string) => void;
  /** Issue 14: offered when the wallet cannot pay gas; the class treasury sends the signed transfer. */
  onTransferWithoutGas?: (to: string, amount: string) => void;
  /** Why a transfer without gas would be refused now: said instead of offering one. */
  gaslessReason: string | null;
  onDismissTransactionError: () => void;
}) {
  const symbol = displaySymbol(tokenData);
  const accountSelectId = useId();
  return (
    <>
      <section className="wallet-page-card">
        <h1 className="wallet-page-title">
          {tokenData.name} ({symbol})
        </h1>
        <dl className="wallet-page-facts">
          <div>
            <dt>Connected account</dt>
            <dd className="wallet-page-mono" data-testid="wallet-address">
              {address}
            </dd>
          </div>
          <div>
            <dt>Balance</dt>
            <dd className="wallet-page-balance" data-testid="wallet-balance">
              {formatTokenAmount(balance)} {symbol}
            </dd>
          </div>
        </dl>
        {devWallet && (
          <div className="wallet-page-field wallet-page-dev-switch">
            <label htmlFor={accountSelectId}>Dev wallet account</label>
            <select
              id={accountSelectId}
              className="wallet-page-input"
              value={devWallet.accounts.find((a) => a.toLowerCase() === address.toLowerCase()) ?? ""}
              onChange={(event) => devWallet.select(event.target.value)}
            >
              {devWallet.accounts.map((account, index) => (
                <option key={account} value={account}>
                  {/* Shortened as in the Connect dialog: the whole address above names the one selected. */}
                  {`Account ${index}${index === 0 ? " (admin)" : ""} · ${shortAddress(account)}`}
                </option>
              ))}
            </select>
          </div>
        )}
        <div className="wallet-page-faucet">
          <div className="wallet-page-faucet-row">
            <span>{messages.wallet.faucetHint}</span>
            <a className="wallet-page-faucet-link" href={SEPOLIA_FAUCET_URL} target="_blank" rel="noopener noreferrer">
              {messages.wallet.faucetLink}
            </a>
          </div>
          {/* Without tokens the notice below names the command; it is printed once. */}
          {local && balance > 0n && (
            <>
              <p className="wallet-page-faucet-local">{messages.wallet.localGasHint}</p>
              <code className="wallet-page-command">{faucetCommand({ faucetEnv }, address)}</code>
            </>
          )}
        </div>
      </section>

      {txBeingSent && (
        <div className="wallet-page-notice" role="status">
          <PendingTransactionText hash={txBeingSent} explorerUrl={explorerUrl} />
        </div>
      )}
      {relaying && (
        <div className="wallet-page-notice" role="status">
          {messages.relay.relaying}
        </div>
      )}
      {transactionError && (
        <DismissibleBanner
          text={messages.wallet.sendErrorPrefix + transactionError}
          onDismiss={onDismissTransactionError}
        />
      )}

      {balance === 0n ? (
        <section className="wallet-page-card wallet-page-no-tokens" aria-label="No tokens">
          <p>{messages.wallet.noTokens}</p>
          <code className="wallet-page-command">{faucetCommand({ faucetEnv }, address)}</code>
        </section>
      ) : (
        <TransferForm
          symbol={symbol}
          balance={balance}
          busy={txBeingSent !== null || relaying}
          onTransfer={onTransfer}
          onTransferWithoutGas={onTransferWithoutGas}
          gaslessReason={gaslessReason}
        />
      )}
    </>
  );
}
