export { freePort } from "../../apps/api/src/testing/free-port";
