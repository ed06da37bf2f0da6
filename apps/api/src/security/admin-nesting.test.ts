/**
 * An unsigned admin request must be refused before anything walks its fields: a 3,000-deep array in the
 * message and the body overflowed the stack in the field comparison (a 500), which ran before the
 * signature check. Now the signature is checked first, nesting is bounded, and the answer is 403. A body
 * that deep is refused by the JSON parser itself (http/json-body.ts); the message is a string inside it.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminErrors } from "../auth/admin";
import { jsonBodyErrors } from "../http/json-body";
import { ADMIN_WALLET } from "../testing/admin";
import { createTestApp, type TestApp } from "../testing/app";
import { startTestChain, type TestChain } from "../testing/chain";
import { signerAccount } from "../testing/sign-in";
import { dumpDatabase } from "./db-dump";

let chain: TestChain;
let t: TestApp;
beforeAll(async () => {
  chain = await startTestChain();
  t = await createTestApp(chain, "pglite");
});
afterAll(async () => {
  await t?.close();
  await chain?.stop();
});

/** `[[[…[1]…]]]` nested `depth` times, as JSON text (built without recursion). */
const deepJson = (depth: number) => `${"[".repeat(depth)}1${"]".repeat(depth)}`;

describe("admin requests with deeply nested fields", () => {
  it("an unsigned request with a 3,000-deep array in its message is a 403, in its body a 400, never a 500", async () => {
    const before = await dumpDatabase(t.database.db);
    const message = `{"timestamp":${Date.now()},"action":"admin_post_bounties","wallet":"${ADMIN_WALLET}","title":${deepJson(3000)}}`;
    const send = (title: string) =>
      t.app.inject({
        method: "POST",
        url: "/api/admin/bounties",
        payload: `{"adminWallet":"${ADMIN_WALLET}","message":${JSON.stringify(message)},"signature":"0x${"11".repeat(65)}","title":${title},"description":"d","reward":5}`,
        headers: { "content-type": "application/json" },
      });
    const res = await send(`"t"`);
    expect(res.statusCode, res.body).toBe(403);
    expect(res.json().error).toBe(adminErrors.signer);
    const deepBody = await send(deepJson(3000));
    expect([deepBody.statusCode, deepBody.json()]).toEqual([400, { error: jsonBodyErrors.tooDeep }]);
    expect(await dumpDatabase(t.database.db)).toEqual(before);
  });

  it("a request signed by the admin with fields nested deeper than 32 levels is a 403 saying so", async () => {
    const before = await dumpDatabase(t.database.db);
    const message = `{"timestamp":${Date.now()},"action":"admin_post_bounties","wallet":"${ADMIN_WALLET}","title":${deepJson(3000)},"description":"d","reward":5}`;
    const signature = await signerAccount(0).signMessage({ message });
    const payload = `{"adminWallet":"${ADMIN_WALLET}","message":${JSON.stringify(message)},"signature":"${signature}","title":"t","description":"d","reward":5}`;
    const res = await t.app.inject({
      method: "POST",
      url: "/api/admin/bounties",
      payload,
      headers: { "content-type": "application/json" },
    });
    expect(res.statusCode, res.body).toBe(403);
    expect(res.json().error).toBe(adminErrors.tooDeep);
    expect(await dumpDatabase(t.database.db)).toEqual(before);
  });
});
