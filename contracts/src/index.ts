export { classCoinAbi, classCoinBytecode } from "./generated/ClassCoin";
