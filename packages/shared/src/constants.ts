/** Business constants and limits of spec §9. */
export const PRODUCT_NAME = "ClassCoin";
export const PRODUCT_SYMBOL = "CC";
export const TOKEN_DECIMALS = 18;

export const NAME_MIN_LENGTH = 1;
export const NAME_MAX_LENGTH = 50;
export const POST_MAX_LENGTH = 2000;
export const POST_COUNTER_WARNING_ABOVE = 1800;
/** Forum comments (issue 18): 1-1000 characters, one level of replies. */
export const COMMENT_MAX_LENGTH = 1000;
export const MAX_UPLOAD_BYTES = 5_242_880;
export const ALLOWED_IMAGE_TYPES = ["image/jpeg", "image/jpg", "image/png", "image/gif", "image/webp"] as const;
export const PROJECT_IMAGE_MAX_DIMENSION = 1080;
export const PROFILE_PHOTO_MAX_DIMENSION = 512;
export const MIN_BALANCE_TO_PARTICIPATE = 1;
export const MIN_TIP = 1;
export const PROJECT_NUMBERS = [1, 2, 3, 4] as const;
export const EXPLORER_PAGE_SIZE = 25;
export const DEPLOY_AMOUNT_PER_PROFILE = 10_000;
export const SEPOLIA_CHAIN_ID = 11_155_111; // 0xaa36a7
export const LOCAL_CHAIN_ID = 31_337;
export const TRANSACTION_TYPES = ["project_tip", "transfer", "forum_reward", "system", "mint", "burn"] as const;
export const EXPLORER_WALLET_PREFIX = 6;
export const EXPLORER_WALLET_SUFFIX = 4;
export const NAME_FALLBACK_WALLET_CHARS = 8;
export const WALLET_BALANCE_POLL_MS = 1000;
export const ERROR_BANNER_MAX_CHARS = 100;
export const FALLBACK_TOKEN_SYMBOL = "CRT";
export const ADMIN_SIGNATURE_MAX_AGE_MS = 5 * 60 * 1000;
export const SIWE_MAX_AGE_MS = 10 * 60 * 1000;
export const SESSION_TTL_MS = 7 * 24 * 60 * 60 * 1000;

export const STAR_SIGNS = [
  "Aries",
  "Taurus",
  "Gemini",
  "Cancer",
  "Leo",
  "Virgo",
  "Libra",
  "Scorpio",
  "Sagittarius",
  "Capricorn",
  "Aquarius",
  "Pisces",
] as const;

export const BOUNTY_STATUSES = ["active", "completed", "cancelled"] as const;

/** Wallet apps named when no browser wallet is found (spec §2 state 1, §8). */
export const WALLET_APPS = [
  { name: "MetaMask", url: "https://metamask.io/download/" },
  { name: "Rabby", url: "https://rabby.io/" },
] as const;

export const SEPOLIA_FAUCET_URL = "https://sepoliafaucet.com/";
