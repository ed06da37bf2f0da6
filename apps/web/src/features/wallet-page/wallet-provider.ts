/** The EIP-1193 surface the wallet page uses: window.ethereum, an EIP-6963 wallet, or the Dev wallet. */
export interface WalletProvider {
  request(args: { method: string; params?: readonly unknown[] | object }): Promise<unknown>;
  on(event: string, listener: (data: unknown) => void): unknown;
  removeListener(event: string, listener: (data: unknown) => void): unknown;
}
