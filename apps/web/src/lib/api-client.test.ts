import { authEndpoints } from "@classcoin/shared/endpoints/auth";
import { bountyEndpoints } from "@classcoin/shared/endpoints/bounties";
import { explorerEndpoints } from "@classcoin/shared/endpoints/explorer";
import { postEndpoints } from "@classcoin/shared/endpoints/posts";
import { profileEndpoints } from "@classcoin/shared/endpoints/profiles";
import { projectEndpoints } from "@classcoin/shared/endpoints/projects";
import { describe, expect, it } from "vitest";
import { ApiError, buildRequest, orNullWhenNotFound, readAnswer, unansweredMessage } from "./api-client";

const wallet = "0x70997970c51812dc3a010c7d01b50e0d17dc79c8";
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

describe("the typed client builds each call from its descriptor", () => {
  it("behavior: a GET fills the path parameters and the query, and asks for JSON", () => {
    const own = buildRequest(projectEndpoints.own, { params: { projectNumber: 2, wallet } });
    expect(own.url).toBe(`/api/projects/2/${wallet}`);
    expect(own.init).toEqual({ credentials: "same-origin", headers: { accept: "application/json" } });

    const page = buildRequest(explorerEndpoints.transactions, {
      query: { page: 3, limit: 25, wallet: "", type: "mint", from: "", to: "" },
    });
    expect(page.url).toBe("/api/explorer/transactions?page=3&limit=25&wallet=&type=mint&from=&to=");
    expect(buildRequest(postEndpoints.list).url).toBe("/api/posts");
  });

  it("behavior: a path parameter is URL-encoded, and a missing one is refused before anything is sent", () => {
    expect(buildRequest(explorerEndpoints.transaction, { params: { id: "a/b c" } }).url).toBe(
      "/api/explorer/transaction/a%2Fb%20c",
    );
    expect(() => buildRequest(profileEndpoints.get, { params: {} as { wallet: string } })).toThrow(/wallet/);
  });

  it("behavior: a JSON body is sent as JSON; a POST without a body schema sends no body", () => {
    const vote = buildRequest(postEndpoints.vote, { body: { postId: "p1", type: "up", voterWallet: wallet } });
    expect(vote.url).toBe("/api/posts/vote");
    expect(vote.init.method).toBe("POST");
    expect(vote.init.headers).toEqual({ "content-type": "application/json" });
    expect(JSON.parse(String(vote.init.body))).toEqual({ postId: "p1", type: "up", voterWallet: wallet });

    expect(buildRequest(authEndpoints.logout).init).toEqual({ credentials: "same-origin", method: "POST" });
  });

  it("behavior: a multipart form carries the text fields as strings and the file under the descriptor's name", () => {
    const image = new File([new Uint8Array([1, 2, 3])], "art.png", { type: "image/png" });
    const { init } = buildRequest(projectEndpoints.save, {
      body: { wallet, projectNumber: 1, title: "Sky", description: "", balance: "5" },
      file: image,
    });
    const form = init.body as FormData;
    expect(init.headers).toBeUndefined(); // the browser sets the multipart boundary itself
    expect([...form.keys()]).toEqual(["wallet", "projectNumber", "title", "description", "balance", "image"]);
    expect(form.get("projectNumber")).toBe("1");
    expect((form.get("image") as File).name).toBe("art.png");

    const noPhoto = buildRequest(profileEndpoints.update, {
      body: { wallet, name: "Ava", birthday: "2010-01-02", starSign: "Aries", balance: "0" },
      file: null,
    });
    expect((noPhoto.init.body as FormData).has("photo")).toBe(false);
  });
});

describe("the typed client reads each answer with the descriptor's schema", () => {
  it("behavior: a 200 answer is parsed by the response schema; a wrong shape is refused", async () => {
    const bounty = {
      _id: "b1",
      title: "Flag",
      description: "Draw it",
      reward: 10,
      status: "active",
      createdAt: "2026-01-01T00:00:00.000Z",
      completedBy: null,
      completedAt: null,
      crossedOut: false,
    };
    expect(await readAnswer(bountyEndpoints.list, json(200, [bounty]))).toEqual([bounty]);
    await expect(readAnswer(bountyEndpoints.list, json(200, [{ title: 1 }]))).rejects.toThrow();
  });

  it("behavior: an error answer becomes an ApiError with the server's text and validation messages", async () => {
    const invalid = await readAnswer(
      postEndpoints.create,
      json(400, { error: "Invalid", errors: ["a", 2, "b"] }),
    ).catch((e: unknown) => e);
    expect(invalid).toBeInstanceOf(ApiError);
    expect(invalid).toMatchObject({ status: 400, message: "Invalid", errors: ["a", "b"] });

    const proxyPage = await readAnswer(
      postEndpoints.list,
      new Response("<html>Bad gateway</html>", { status: 502 }),
    ).catch((e: unknown) => e);
    // A proxy's page is not shown (before: "Post failed: <html>…"); its status is.
    expect(proxyPage).toMatchObject({ status: 502, message: unansweredMessage(502), errors: undefined });
    expect(unansweredMessage(502)).toBe("The server did not answer normally (HTTP 502). Please try again in a moment.");

    const empty = await readAnswer(postEndpoints.list, new Response("", { status: 503 })).catch((e: unknown) => e);
    expect(empty).toMatchObject({ status: 503, message: unansweredMessage(503) });
    const limited = await readAnswer(postEndpoints.create, new Response("<h1>429</h1>", { status: 429 })).catch(
      (e: unknown) => e,
    );
    expect(limited).toMatchObject({
      status: 429,
      message: "Too many requests (HTTP 429). Please wait a minute and try again.",
    });
  });

  it("behavior: 404 means none where the spec says so, and other failures still throw", async () => {
    const notFound = readAnswer(profileEndpoints.get, json(404, { error: "Profile not found" }));
    expect(await orNullWhenNotFound(notFound)).toBeNull();
    const refused = readAnswer(profileEndpoints.get, json(400, { error: "Invalid wallet" }));
    await expect(orNullWhenNotFound(refused)).rejects.toMatchObject({ status: 400 });
  });
});
