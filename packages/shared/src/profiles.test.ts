import { describe, expect, it } from "vitest";
import { messages } from "./messages";
import { profileFormSchema, validatePhotoFile, validateProfileFields } from "./profiles";

describe("profile form checks (spec §5)", () => {
  it("accepts a valid form", () => {
    expect(validateProfileFields({ name: "Ada", birthday: "2008-02-29", starSign: "Pisces" })).toEqual([]);
  });

  it("lists every failing rule's message in the spec's order", () => {
    expect(validateProfileFields({})).toEqual([
      messages.profile.name,
      messages.profile.birthday,
      messages.profile.starSign,
    ]);
    expect(validateProfileFields({ name: " ".repeat(3), birthday: "2008-02-30", starSign: "pisces" })).toEqual([
      messages.profile.name,
      messages.profile.birthday,
      messages.profile.starSign,
    ]);
  });

  it("counts the name after trimming: 50 characters pass, 51 do not", () => {
    expect(validateProfileFields({ name: ` ${"a".repeat(50)} `, birthday: "2000-01-01", starSign: "Leo" })).toEqual([]);
    expect(validateProfileFields({ name: "a".repeat(51), birthday: "2000-01-01", starSign: "Leo" })).toEqual([
      messages.profile.name,
    ]);
  });

  it("the server's form schema lowercases the wallet and ignores the sent balance", () => {
    const parsed = profileFormSchema.parse({
      wallet: `0x${"AB".repeat(20)}`,
      name: " Ada ",
      birthday: "2008-12-10",
      starSign: "Leo",
      balance: "999",
    });
    expect(parsed.wallet).toBe(`0x${"ab".repeat(20)}`);
    expect(parsed.name).toBe("Ada");
  });
});

describe("photo checks (spec §5 'Profile photo')", () => {
  it("needs an image type, at most 5 MB, and one of jpeg, png, gif, webp", () => {
    expect(validatePhotoFile({ type: "image/png", size: 5_242_880 })).toEqual([]);
    expect(validatePhotoFile({ type: "text/plain", size: 10 })).toEqual([messages.photo.notImage]);
    expect(validatePhotoFile({ type: "image/png", size: 5_242_881 })).toEqual([messages.photo.tooLarge]);
    expect(validatePhotoFile({ type: "image/svg+xml", size: 10 })).toEqual([messages.photo.badType]);
  });
});
