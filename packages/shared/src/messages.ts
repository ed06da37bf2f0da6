/**
 * Every user-facing text of the spec (§5 validation, §8 error catalogue, §2/§4 wallet page), verbatim.
 * `{product}` is ClassCoin; texts naming "Sepolia" name the configured chain, so with Sepolia they read
 * exactly as the spec gives them.
 */
import { PRODUCT_NAME, PRODUCT_SYMBOL } from "./constants";

const P = PRODUCT_NAME;

export const messages = {
  profile: {
    name: "Name must be 1-50 characters long",
    birthday: "Please enter a valid date in YYYY-MM-DD format",
    starSign: "Please select a valid star sign",
    balance: `You need at least 1 ${P} to create a profile`,
    /** Under `balance` on a public chain, where there is no faucet for CC: who gives it, and what to tell them. */
    askForCc: (welcomeCc: number) =>
      welcomeCc > 0
        ? `New to the class? Ask your instructor to add this wallet to the class roster: it then receives ${welcomeCc} ${PRODUCT_SYMBOL} to get started.`
        : `Ask your instructor to send ${PRODUCT_SYMBOL} to this wallet.`,
    /**
     * Under `balance` for a signed-in student on the class roster (GET /api/whitelist/me), by their welcome
     * grant's state: the roster text above would tell them to ask for what they already have.
     */
    grantPaid: (cc: number) =>
      `You are on the class roster and your welcome grant of ${cc} ${PRODUCT_SYMBOL} has been sent. It shows here in a moment; if it does not, refresh the page.`,
    grantUnderWay: (cc: number) =>
      `You are on the class roster: your welcome grant of ${cc} ${PRODUCT_SYMBOL} is on its way. It shows here once its transaction is mined, usually within a minute.`,
    grantFailed: (cc: number) =>
      `You are on the class roster, but your welcome grant of ${cc} ${PRODUCT_SYMBOL} could not be sent: the class treasury had too little ETH to pay for it, or its transaction did not go through. Ask your instructor to top up the class treasury with ETH if it is low (Admin → Dashboard) and add your wallet again (Admin → Whitelist); your grant is sent then.`,
    grantEthOwed: (cc: number) =>
      `You are on the class roster and your welcome grant of ${cc} ${PRODUCT_SYMBOL} has been sent (it shows here in a moment; if it does not, refresh the page), but not its ETH for gas: the class treasury was short of it. You can still send ${PRODUCT_SYMBOL} without gas; for the ETH, ask your instructor to top up the class treasury and add your wallet again.`,
    listedWithoutGrant: `You are on the class roster, but no welcome grant was set up for this wallet. Ask your instructor to send ${PRODUCT_SYMBOL} to this wallet.`,
    /** A button for a student not signed in: the page asks for a signature only when they choose to. */
    checkGrant: "Already on the roster? Sign in to check your welcome grant",
    whitelist:
      "Profile creation is restricted to whitelisted wallets. Please contact your instructor to be added to the whitelist.",
    notFound: "Profile not found",
    exists: "A profile already exists for this wallet. Edit it instead of creating a new one.",
    nameCharacters:
      "Name must not contain text-direction or control characters (such as U+202E). Please type it again without them.",
    birthdayRange: "Birthday must be a date between 1900-01-01 and today",
    nameConfusable: (existing: string) =>
      `This name looks the same as another member's name ("${existing}"). Please choose a name that tells you apart, for example by adding an initial or a second name.`,
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
    /** A link to a post (a notification's) that is no longer shown. */
    gone: "That post is no longer on the forum: the instructor may have hidden it.",
  },
  vote: {
    connect: "Connect wallet to vote",
    profileHint: "A profile is required to vote",
    /** Whitelist mode on: a wallet neither listed nor holding a profile (spec §6 lets any wallet vote otherwise). */
    classMembersOnly:
      "Voting is limited to class members while whitelist mode is on. Please contact your instructor to be added to the whitelist.",
  },
  /** Forum comments (issue 18), worded like the spec's post texts. */
  comment: {
    connect: "Connect wallet to comment",
    profile: "Create a profile before commenting",
    empty: "Comment cannot be empty",
    tooLong: "Comment is too long. Maximum 1000 characters allowed.",
    notFound: "Comment not found",
    parentNotFound: "The comment you are replying to is not on this post or was removed.",
    notYours: "You can only delete your own comments.",
    /** A post holding as many comments as its list shows (the API's MAX_COMMENTS_PER_POST): one more would never be seen. */
    full: (max: number) => `This post already has ${max} comments, the most it can show: no more can be added.`,
    deleted: "This comment was deleted.",
    hidden: "This comment was hidden by the instructor.",
    /** A link to a comment (a notification's) that is no longer under its post. */
    gone: "That comment is no longer under the post: its author may have deleted it, or the instructor hidden it.",
    /** Above a reply to a reply: whom it answers ("" once that reply was removed). */
    replyingTo: (name: string) => (name ? `replying to ${name}` : "replying to a removed comment"),
    deleteConfirm: "Delete your comment? This cannot be undone.",
    validation: "Comment validation failed: ",
    failed: "Comment failed: ",
    error: "Error submitting comment. Please try again.",
    deleteFailed: "Delete failed: ",
  },
  /** Predictions (issue 18): which classmate's submission will receive the most CC, once per project. */
  prediction: {
    already: (projectNumber: number) =>
      `You have already made a prediction for Project ${projectNumber}. Predictions cannot be changed.`,
    notOpen: (projectNumber: number) => `Predictions for Project ${projectNumber} are not open.`,
    /** In a round's public results, the title of a submission the instructor archived (moderated) since. */
    removedSubmission: "A submission removed by the instructor",
    closedFinal: (projectNumber: number) =>
      `Predictions for Project ${projectNumber} are closed and everyone has seen them: a closed round cannot be opened again this semester.`,
    closeConfirm: (projectNumber: number) =>
      `Close predictions for Project ${projectNumber}? Everyone will see every prediction and who was right, and the round cannot be opened again this semester.`,
    projects: "Predictions are made for projects 2, 3 and 4.",
    profile: "Create a profile before making a prediction",
    self: "You cannot predict your own submission. Choose a classmate's.",
    target: "Choose a submission of this project to predict.",
    connect: "Connect wallet to make a prediction",
    confirm: (title: string, name: string) => `Predict "${title}" by ${name}? Predictions cannot be changed once made.`,
    failed: "Prediction failed: ",
    error: "Error saving the prediction. Please try again.",
  },
  /** Semesters (issue 18): archive the class read-only, then start a new semester. */
  semester: {
    archiveFirst: "Archive this semester before starting a new one.",
    nameRequired: "Archive name is required",
    nameTooLong: "Archive name is too long. Maximum 80 characters allowed.",
    archiveNotFound: "Archive not found",
    removedFromArchive: (kind: "post" | "comment" | "submission" | "student") =>
      kind === "student" ? "The student was removed from the archive" : `The ${kind} was removed from the archive`,
    notInArchive: (kind: "post" | "comment" | "submission" | "student") =>
      `That ${kind} is not in this archive (it may have been removed already). Reload the archive and choose again.`,
    removeConfirm: (kind: "post" | "comment" | "submission" | "student", what: string, archive: string) =>
      kind === "student"
        ? `Remove ${what} from "${archive}"? Their profile, submissions, posts, comments and predictions leave the archive, and its explorer shows their wallet instead of their name. This cannot be undone.`
        : `Remove the ${kind} ${what} from "${archive}"? Nobody will see it in the archive any more. This cannot be undone.`,
    /** Where an archive named a student the instructor removed from it (a prediction of their submission). */
    removedStudent: "A removed student",
    currentArchive:
      "This is the current semester's archive: archiving again or starting a new semester copies the live class into it again. Hide the post, comment or submission (or archive the profile) on the live pages, then archive again.",
    studentByWallet: "A student is named by their wallet address (0x followed by 40 hex characters).",
    itemById: "A post, comment or submission is named by its id (a whole number).",
    archived: (name: string) => `Semester archived as "${name}"`,
    replaceConfirm: (earlier: string) =>
      `Replace this semester's archive${earlier ? ` "${earlier}"` : ""} with a new copy of the class as it is now? The earlier copy is not kept.`,
    started: "New semester started",
    startedMeanwhile:
      "A new semester was started while this request was waiting (another tab, or a click before a reload). Nothing more was changed: reload the page to see it.",
    startConfirm:
      "Start a new semester? Profiles (except yours), posts, comments, projects, tips, predictions, Feed posts and notifications will be cleared. This cannot be undone.",
    startConfirmAgain:
      "Are you sure? The archive is brought up to date first and keeps a read-only copy; the live pages will be empty.",
  },
  /** The Feed (issue 18): anonymous image posts, worded like the spec's post texts. */
  feed: {
    connect: "Connect wallet to post to the Feed",
    profile: "Create a profile before posting to the Feed",
    images: "Choose 1 to 4 images to post",
    tooManyImages: "You can post at most 4 images at a time.",
    textTooLong: "Text is too long. Maximum 500 characters allowed.",
    notFound: "Feed post not found",
    validation: "Feed post validation failed: ",
    failed: "Feed post failed: ",
    error: "Error posting to the Feed. Please try again.",
    anonymous:
      "Posts on the Feed are anonymous: classmates see your images, never your name. The instructor can see who posted.",
    /** After posting: why classmates do not see the post yet (the list holds it back until its span ends). */
    postedLater: (seconds: number) =>
      `Posted. Your classmates see it ${seconds === 60 ? "at the next whole minute" : `within ${seconds} second${seconds === 1 ? "" : "s"}`}, together with the other posts of that time, so the moment you posted does not point to you.`,
  },
  project: {
    requirements: `You need a profile and ≥1 ${P} to submit projects`,
    titleAndImage: "Title and image are required",
    imageFile: "Please select an image file",
    notFound: "Project submission not found",
    /** A link to a submission (a notification's) that is no longer shown. */
    gone: "That submission is no longer shown: the instructor may have archived it.",
    number: "Project number must be 1, 2, 3 or 4",
    titleTooLong: "Title is too long. Maximum 200 characters allowed.",
    descriptionTooLong: "Description is too long. Maximum 5000 characters allowed.",
    imageTooLarge: "Image file is too large. Please select a file smaller than 5MB.",
  },
  send: {
    /** A tip mined after its sender's session ended (the wallet app switched account): kept, reported later. */
    recordedAfterSignIn: (wallet: string) =>
      `Your ${P} was sent, but the tip is not recorded yet: the wallet that sent it (${wallet.slice(0, 6)}…${wallet.slice(-4)}) is no longer signed in here. Connect it and sign in (any post, vote or tip does), and the tip is recorded on the Projects page.`,
    amount: "Please enter a valid amount",
    insufficient: "Insufficient balance",
    self: `You cannot send ${P} to yourself`,
    /** The wallet refused or could not switch to the class's chain before a tip: nothing left the wallet. */
    wrongNetwork: (chainName: string) =>
      `Your wallet is on another network, so nothing was sent. Switch your wallet to the ${chainName} network and try again.`,
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
    transactionReplaced:
      "The transfer was not mined: the network dropped it and another transaction took its place, so nothing was sent. Check your balance, then send again.",
    sendErrorPrefix: "Error sending transaction: ",
    // Texts of the wallet page that the spec describes without wording them.
    pendingTransaction: (hash: string) => `Waiting for transaction ${hash} to be mined.`,
    noTokens:
      "You don't have tokens to transfer. In a local development setup, get some by running this command in the repository's root:",
    faucetCommand: (address: string) => `npm run faucet -- ${address}`,
    localGasHint: "On this local chain, this command sends 1 ETH for gas (and some CC):",
    loadFailed: (chainName: string, detail: string) =>
      `Could not load the token from the ${chainName} network: ${detail}`,
    /** The platform's connect dialog while the wallet's window is open (some wallets never answer a closed one). */
    connectWaiting: (wallet: string) =>
      `Waiting for ${wallet}: answer in its window. Closed it without answering? Choose ${wallet} again.`,
    /** The wallet refused a second request while its first one is still open (EIP-1193 -32002, MetaMask). */
    connectAlreadyOpen: (wallet: string) =>
      `${wallet} already has a connection request open: open ${wallet} from the browser's toolbar and answer it there.`,
    connectFailed: (wallet: string) => `${wallet} did not connect. Please try again.`,
  },
  bounties: {
    empty: "No Active Bounties",
    /** A link to a bounty (a notification's) that is no longer listed. */
    gone: "That bounty is no longer listed: the instructor may have deleted it.",
  },
  admin: {
    accessDenied: "Access Denied",
    deploying: "Deploying...",
    unauthorized: "Admin signature rejected",
    /** Spec §8: a load that failed before reaching the server (no signature). */
    checkWallet: "Please check your wallet connection and try again.",
    deleteBountyConfirm: (title: string) => `Delete the bounty "${title}"? This cannot be undone.`,
    removeWalletConfirm: (wallet: string) => `Remove ${wallet} from the whitelist?`,
    deployDetails: (recipients: number, each: string, total: string) =>
      `Recipients: ${recipients}. Amount each: ${each}. Total: ${total}.`,
  },
  auth: {
    required: "Sign in with your wallet first: this action needs a wallet session.",
    wrongWallet: "Your wallet session belongs to another wallet. Sign in with the wallet you are acting as.",
    siweMalformed: "Sign-in refused: the message is not a valid Sign-In with Ethereum (EIP-4361) message.",
    siweDomain: (expected: string) => `Sign-in refused: the message is for another site (expected domain ${expected}).`,
    siweUri: (expected: string) => `Sign-in refused: the message's URI is not this site (expected ${expected}).`,
    siweChain: (expected: number) =>
      `Sign-in refused: the message is for another chain (expected chain id ${expected}).`,
    siweExpired: "Sign-in refused: the message has expired. Please sign in again.",
    siweIssuedInFuture: "Sign-in refused: the message's issue time is in the future. Check your device's clock.",
    siweNotYetValid: "Sign-in refused: the message is not valid yet (notBefore is in the future).",
    siweNonce: "Sign-in refused: the nonce is unknown or already used. Please sign in again.",
    siweNonceElsewhere:
      "Sign-in refused: this sign-in was started in another browser or from another network. Please sign in again here.",
    siweUnexpectedLine: (line: string) =>
      `Sign-in refused: the message has a repeated, unknown or misplaced line (${JSON.stringify(line.slice(0, 60))}).`,
    siweSignature: "Sign-in refused: the signature does not match the message's address.",
    notSignedIn: "Not signed in.",
  },
  /** Issue 14: bounty rewards, awards, the roster and its welcome grant (treasury payments). */
  treasury: {
    bountyCompleted: (name: string, reward: number) => `Bounty completed by ${name}: ${reward} ${PRODUCT_SYMBOL} paid`,
    bountyRewardPaying: (tx: string) =>
      `Completed: its reward is being paid (transaction ${tx}) and shows here once it is mined.`,
    bountyCancelled: "Bounty cancelled",
    bountyReopened: "Bounty reopened",
    bountyNotActive: "Only an active bounty can be completed. Reopen it first.",
    bountyAlreadyCompleted: "This bounty is already completed and its reward was paid.",
    bountyPayingOther: "This bounty's reward is already being paid to another student.",
    bountyCompletedFinal: "This bounty is completed and its reward was paid; it cannot be cancelled or reopened.",
    bountyNotCancelled: "Only a cancelled bounty can be reopened.",
    bountyRewardPending: (hash: string) =>
      `This bounty's reward ${hash} was sent but is not mined yet, so it cannot be cancelled or reopened now. Complete it again for the same student to follow the payment, or wait a minute.`,
    bountyAlreadyCancelled: "This bounty is already cancelled.",
    bountyPaidLocked:
      "This bounty's reward was paid: its reward, status and student can no longer change. Its title and description can still be edited.",
    bountyPendingLocked: (hash: string) =>
      `This bounty's reward ${hash} was sent but is not mined yet: its reward, status and student cannot change, and it cannot be deleted, until it is. Wait a minute and try again.`,
    studentRequired: "Choose a student with an active profile.",
    adminNotStudent: "The admin wallet cannot receive a reward or an award.",
    awarded: (amount: number, name: string) => `Awarded ${amount} ${PRODUCT_SYMBOL} to ${name}`,
    /** Under Send award while the mint waits for its block (the hash links to the block explorer). */
    awardPending: (hash: string) => `Sending… transaction ${hash} is waiting to be mined.`,
    awardAmount: `Amount must be a whole number of ${PRODUCT_SYMBOL} from 1 to 1,000,000`,
    awardNote: "Note is required (it is shown in the explorer)",
    awardIdTaken:
      "This award form was already sent for another student, amount or note. Reload the page to send a new award.",
    awardNoteTooLong: "Note is too long (max 200 characters)",
    paymentPending: (hash: string) =>
      `The payment ${hash} was sent but is not mined yet. Check the explorer in a minute (if the network's fee rose past it, the server signs it again with a higher fee, under a new hash); sending the same request again follows it and never pays twice.`,
    paymentFailed: "The payment transaction failed on chain; nothing was paid. Please try again.",
    /** A payment whose nonce another treasury transaction took (the chain mines one per nonce): not a failure of its own. */
    paymentDropped:
      "The payment was not mined: another transaction of the class treasury took its place. Nothing was paid. Please try again.",
    paymentSendFailed: (cause: string) => `The payment could not be sent: ${cause}`,
    /** Why a treasury payment could not start; also inside `welcomeGrantsNotSent`. */
    treasuryOutOfGasCause: (address: string, eth: string) =>
      `the class treasury ${address} has too little ETH to pay the gas (${eth} ETH): send it some ETH (on Sepolia, from a faucet)`,
    gaslessPaused: (address: string) =>
      `Gasless transfers are paused: the treasury's ETH is below what it keeps for rewards, awards and grants. Students without ETH cannot send or tip until you send ETH to ${address} (on Sepolia, from a faucet).`,
    treasuryOutOfGas: (cause: string) => `The payment could not be sent: ${cause}, then try again. Nothing was paid.`,
    treasuryOutOfGasQueued: (cause: string, hash: string) =>
      `The payment ${hash} is waiting: ${cause}. It is sent again every minute and goes out once the treasury has the ETH; it is never paid twice.`,
    rosterAdded: (added: number, skipped: number, sentAgain = 0) =>
      `${added} wallet${added === 1 ? "" : "s"} added to the whitelist${skipped > 0 ? `, ${skipped} already listed` : ""}${sentAgain > 0 ? ` (the rest of the welcome grant sent to ${sentAgain} of them)` : ""}`,
    rosterEmpty: "Paste at least one wallet address (one per line: wallet[,notes])",
    rosterTooLong: (max: number) => `At most ${max} wallets can be added at once`,
    rosterLine: (line: number, reason: string) => `Line ${line}: ${reason}`,
    rosterBadWallet: (value: string) =>
      `"${value.slice(0, 60)}" is not a wallet address (0x followed by 40 hex characters)`,
    rosterDuplicate: (first: number) => `the same wallet is already on line ${first}`,
    rosterNotesTooLong: "notes are too long (max 500 characters)",
    rosterAlreadyListed: "already on the whitelist",
    rosterAlreadyListedGrantSent: "already on the whitelist: what was left of its welcome grant was sent",
    welcomeGrantDescription: "Welcome grant",
    welcomeGrantSentAgain: "This wallet is already on the whitelist: what was left of its welcome grant was sent.",
    welcomeGrantUnderWay:
      "This wallet is already on the whitelist: its welcome grant was already being sent (nothing more was sent; it is never paid twice).",
    welcomeGrantEthStillShort:
      "This wallet is already on the whitelist. Its welcome grant's ETH is still not sent: the treasury has too little ETH. Send the treasury some ETH, then add the wallet again.",
    welcomeEthSkippedNoFunds: "the treasury has too little native coin",
    welcomeGrantsNotSent: (cause: string) =>
      `The welcome grants could not be sent yet (${cause}). Add the same wallets again to send them; nothing is paid twice.`,
    welcomeEthOff: "WELCOME_ETH is 0",
  },
  /** Issue 14: gasless transfers relayed by the treasury (EIP-3009). */
  relay: {
    sendWithoutGas: "Send without gas",
    relaying: "Sign the transfer in your wallet; the class treasury then sends it for you.",
    noGasHint: "This wallet has no ETH for gas: the class treasury can send it for you.",
    off: "Gasless transfers are turned off on this server.",
    notMember:
      "Gasless transfers are for class members: create a profile or ask your instructor to add you to the roster.",
    self: `You cannot send ${P} to yourself`,
    zeroRecipient: `${P} cannot be sent to the zero address (0x0000…0000): the token refuses it. Check the recipient's address.`,
    zero: "Please enter a valid amount",
    belowMinimum: (minimum: string) =>
      `Gasless transfers must be at least ${minimum} ${PRODUCT_SYMBOL} (the treasury pays the same gas for any amount). Send more, or pay the gas yourself.`,
    nonceOutOfSequence:
      "This transfer authorization's nonce is not the next one the token accepts: it reads the last 8 bytes as a sequence number counting from 0 for each key (the first 24 bytes), so a fully random nonce, or one whose earlier numbers are unused, is refused. Please send again with a fresh nonce (24 random bytes, then 8 zero bytes).",
    expired: "This transfer authorization has expired or is not valid yet. Please send again.",
    expiresSoon: (seconds: number) =>
      `This transfer authorization expires too soon to be mined in time (it must stay valid for at least ${seconds} more seconds). Please send again.`,
    tooLong: "This transfer authorization is valid for too long (at most one day). Please send again.",
    badSignature: "The signature does not match this transfer and wallet. Please send again from the sending wallet.",
    used: "This transfer authorization was already used.",
    insufficient: "Insufficient balance",
    dailyLimit: (limit: number) =>
      `You have used today's ${limit} gasless transfers. Try again tomorrow, or pay the gas yourself.`,
    classDailyLimit: (limit: number) =>
      `The class has used today's ${limit} gasless transfers, all the treasury pays gas for in a day. Pay the gas yourself, or try again tomorrow.`,
    treasuryReserve:
      "The class treasury is down to the ETH it keeps for bounty rewards, awards and welcome grants, so gasless transfers are paused. Ask your instructor to top up the treasury with ETH (or pay the gas yourself, if your wallet has ETH).",
    unknownTransfer: "No gasless transfer was sent with this transaction hash. Check the hash the transfer answered.",
    /**
     * Shown instead of "Send without gas" (and on a gasless tip) when the relay would refuse it
     * (GET /api/relay/allowance); `at`: when one frees up, as the page's clock reads it ("14:05", "tomorrow at 14:05").
     */
    usedToday: (limit: number, at: string) =>
      `You have used your ${limit} gasless transfers for today; they start again at ${at}. To send before then, your wallet needs ETH for gas.`,
    classUsedToday: (limit: number, at: string) =>
      `The class has used today's ${limit} gasless transfers; they start again at ${at}. To send before then, your wallet needs ETH for gas.`,
    paused:
      "Gasless transfers are paused: the class treasury is low on ETH. Ask your instructor to top up the class treasury, or pay the gas yourself.",
  },
  input: {
    unstorableText: "The text contains a character that cannot be stored (a NUL character). Please remove it.",
    goneMeanwhile:
      "What this refers to was removed while it was being saved (a new semester may have started). Reload the page and try again.",
    databaseTooSlow: "The database took too long to answer, so this request was stopped. Please try again in a moment.",
  },
  /** Keyset paging of the profile and submission lists (issue 19, paging.ts). */
  paging: {
    limit: (max: number) => `limit must be a whole number from 1 to ${max}`,
    before: "before must be the _id of the last item already shown (a positive whole number)",
    unknownCursor: "before names no item of this list; load the list again from the start",
  },
  rateLimit: {
    tooMany: (seconds: number) => `Too many requests. Please wait ${seconds} seconds and try again.`,
  },
  image: {
    empty: "The image file is empty. Please select an image file.",
    tooManyPixels: "The image has too many pixels (over 50 megapixels). Please use a smaller image.",
    tooWide: (maxSide: number) =>
      `The image is too big: no side may be over ${maxSide.toLocaleString("en-US")} pixels. Please use a smaller image.`,
    tooNarrow: (maxRatio: number) =>
      `The image is too long and narrow (one side over ${maxRatio} times the other). Please crop it and try again.`,
    tooManyScans: (max: number) =>
      `The JPEG is built of more than ${max} scans, which no camera or editor writes. Please save it again as a normal JPEG or PNG.`,
    busy: "The server is busy processing other images. Please try again in a few seconds.",
    unreadable: "The image could not be read. Please select a valid image file (JPEG, PNG, GIF, or WebP).",
    notFound: "Image not found",
    tooManyFiles: "Only one file can be uploaded at a time.",
    tooManyFields: "The form has too many fields.",
    truncated: "The upload was incomplete. Please try again.",
    notMultipart: "The form must be sent as multipart/form-data.",
  },
} as const;
