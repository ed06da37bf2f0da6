/**
 * The two wagmi actions a tip needs, in a module of their own so they can be loaded on demand: importing
 * `wagmi/actions` dynamically would pull the whole namespace (tree-shaking lost) into the shared chunk.
 */
export { waitForTransactionReceipt, writeContract } from "wagmi/actions";
