/** Why a write could not start; each maps to one text of the spec's error catalogue (§5, §8). */

/** No wallet is connected. */
export class NotConnectedError extends Error {
  constructor() {
    super("No wallet is connected");
    this.name = "NotConnectedError";
  }
}

/** The wallet refused (or failed) to switch to the configured chain. */
export class ChainSwitchError extends Error {
  constructor(cause: unknown) {
    super("The wallet did not switch networks", { cause });
    this.name = "ChainSwitchError";
  }
}

/** The wallet refused to sign the sign-in message, or the server did not accept the signature. */
export class SignatureError extends Error {
  constructor(cause: unknown) {
    super("The sign-in signature was refused", { cause });
    this.name = "SignatureError";
  }
}
