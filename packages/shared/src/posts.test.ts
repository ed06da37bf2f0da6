import { describe, expect, it } from "vitest";
import { messages } from "./messages";
import { validatePostInput } from "./posts";
import { validateProjectInput } from "./projects";

describe("the post composer's checks", () => {
  const ok = { connected: true, hasProfile: true, balance: 1, content: "hello" };

  it("a connected member with 1 CC and text may post", () => {
    expect(validatePostInput(ok)).toEqual([]);
  });

  it("without a wallet only the connect message is shown", () => {
    expect(validatePostInput({ ...ok, connected: false, hasProfile: false })).toEqual([messages.post.connect]);
  });

  it("lists profile, balance and content problems in the spec's order", () => {
    expect(validatePostInput({ connected: true, hasProfile: false, balance: 0.5, content: "  " })).toEqual([
      messages.post.profile,
      messages.post.balance,
      messages.post.empty,
    ]);
  });

  it("counts 2000 characters after trimming as the maximum", () => {
    expect(validatePostInput({ ...ok, content: ` ${"a".repeat(2000)} ` })).toEqual([]);
    expect(validatePostInput({ ...ok, content: "a".repeat(2001) })).toEqual([messages.post.tooLong]);
  });
});

describe("the project form's checks", () => {
  const ok = { connected: true, hasProfile: true, balance: 3, editing: false, title: "Art", imageType: "image/png" };

  it("a titled image from a member with coins may be submitted", () => {
    expect(validateProjectInput(ok)).toEqual([]);
  });

  it("needs a wallet, a profile and 1 CC", () => {
    expect(validateProjectInput({ ...ok, hasProfile: false })).toEqual([messages.project.requirements]);
    expect(validateProjectInput({ ...ok, balance: 0 })).toEqual([messages.project.requirements]);
    expect(validateProjectInput({ ...ok, connected: false })).toEqual([messages.project.requirements]);
  });

  it("needs a title and, on create only, an image file", () => {
    expect(validateProjectInput({ ...ok, imageType: undefined })).toEqual([messages.project.titleAndImage]);
    expect(validateProjectInput({ ...ok, editing: true, imageType: undefined })).toEqual([]);
    expect(validateProjectInput({ ...ok, title: " " })).toEqual([messages.project.titleAndImage]);
    expect(validateProjectInput({ ...ok, imageType: "application/pdf" })).toEqual([messages.project.imageFile]);
  });
});
