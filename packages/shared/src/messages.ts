/**
 * Every user-facing text of the spec (§5 validation, §8 error catalogue, §2/§4 wallet page), verbatim.
 * `{product}` is ClassCoin; texts naming "Sepolia" name the configured chain, so with Sepolia they read
 * exactly as the spec gives them.
 */
import { PRODUCT_NAME } from "./constants";

const P = PRODUCT_NAME;

export const messages = {
  profile: {
    name: "Name must be 1-50 characters long",
    birthday: "Please enter a valid date in YYYY-MM-DD format",
    starSign: "Please select a valid star sign",
    balance: `You need at least 1 ${P} to create a profile`,
    whitelist:
      "Profile creation is restricted to whitelisted wallets. Please contact your instructor to be added to the whitelist.",
    notFound: "Profile not found",
  },
  photo: {
    notImage: "Please select an image file (JPG, PNG, etc.)",
    tooLarge: "Photo file is too large. Please select a file smaller than 5MB.",
    badType: "Please select a valid image file (JPEG, PNG, GIF, or WebP).",
    previewFailed: "Could not show a preview of this photo; it will still be uploaded.",
  },
  post: {
    connect: "Connect wallet first",
    profile: "Create a profile before posting",
    balance: `Need ≥1 ${P} to post`,
    empty: "Post cannot be empty",
    tooLong: "Post is too long. Maximum 2000 characters allowed.",
    notFound: "Post not found",
  },
  vote: {
    connect: "Connect wallet to vote",
    profileHint: "A profile is required to vote",
  },
  project: {
    requirements: `You need a profile and ≥1 ${P} to submit projects`,
    titleAndImage: "Title and image are required",
    imageFile: "Please select an image file",
    notFound: "Project submission not found",
  },
  send: {
    amount: "Please enter a valid amount",
    insufficient: "Insufficient balance",
    self: `You cannot send ${P} to yourself`,
  },
  whitelist: {
    walletRequired: "Wallet address is required",
  },
  catalogue: {
    profileValidation: "Profile validation failed:",
    profileRestrictedTitle: "Profile Creation Restricted",
    profileSaveError: "Profile save error: ",
    network: "Network error. Please check your internet connection and try again.",
    signature: "Signature error. Please make sure your wallet is connected and try again.",
    unexpected: "An unexpected error occurred. Please try again.",
    postValidation: "Post validation failed: ",
    postFailed: "Post failed: ",
    postError: "Error submitting post. Please try again.",
    voteValidation: "Vote validation failed: ",
    voteFailed: "Vote failed: ",
    voteError: "Voting failed. Please try again.",
    projectFailed: "Submission failed: ",
    projectError: "Error submitting project. Check console.",
    sendFailed: `Failed to send ${P}: `,
    sendError: `Error sending ${P}. Check console.`,
    sendSuccess: (amount: number | string) => `Successfully sent ${amount} ${P}!`,
    adminLoadError: (tab: string) => `${tab} error: `,
    adminActionError: "Error: ",
    deployFailed: "Deploy failed: ",
    deploySuccess: `${P} deployed successfully!`,
    copied: "Wallet address copied to clipboard!",
    unexpectedApplicationError: "Unexpected Application Error!",
  },
  chain: {
    /** Platform (spec §8 "Profile save"). */
    switchPlatform: (chainName: string) => `Please switch to ${chainName} network in MetaMask`,
    /** Token wallet page connect (spec §4). */
    switchWallet: (chainName: string) => `Please switch to the ${chainName} test network in MetaMask.`,
    /** Token wallet page chainChanged (spec §4). */
    switchBack: (chainName: string) => `Please switch back to ${chainName} network`,
  },
  wallet: {
    connectPrompt: "Please connect to your wallet.",
    connectButton: "Connect Wallet",
    noWallet: (a: string, b: string) => `No Ethereum wallet was detected. Please install ${a} or ${b}.`,
    faucetLink: "GET SEPOLIA ETH",
    faucetHint: "Need test ETH for gas fees?",
    invalidAddress: "❌ Please enter a valid Ethereum address.",
    invalidAmount: "❌ Please enter a valid amount greater than 0.",
    invalidRecipientThrow: (value: string) => `Invalid recipient address: ${value}`,
    invalidAmountThrow: (value: string) => `Invalid amount: ${value}`,
    transactionFailed: "Transaction failed",
    sendErrorPrefix: "Error sending transaction: ",
  },
  bounties: {
    empty: "No Active Bounties",
  },
  admin: {
    accessDenied: "Access Denied",
    deploying: "Deploying...",
    unauthorized: "Admin signature rejected",
  },
  auth: {
    required: "Sign in with your wallet first: this action needs a wallet session.",
    wrongWallet: "Your wallet session belongs to another wallet. Sign in with the wallet you are acting as.",
  },
} as const;
