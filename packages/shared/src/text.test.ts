/**
 * Text rules shared by the web app and the API. Lengths are counted in Unicode code points on both sides
 * (the post counter counted UTF-16 units: 1001 emoji showed 2002/2000 while the server took them); names
 * are NFC-normalised, trimmed of invisible characters, and refused with bidi controls; birthdays lie
 * between 1900-01-01 and today.
 */
import { describe, expect, it } from "vitest";
import { POST_MAX_LENGTH } from "./constants";
import { messages } from "./messages";
import { postCounter, validatePostInput } from "./posts";
import { profileFieldsSchema, validateProfileFields } from "./profiles";
import { cleanName, textLength } from "./text";

const valid = { birthday: "2010-01-01", starSign: "Leo" };

describe("one length rule: code points", () => {
  it("counts code points, not UTF-16 units", () => {
    expect(textLength("abc")).toBe(3);
    expect(textLength("😀")).toBe(1);
    expect(textLength("😀".repeat(1001))).toBe(1001);
    expect(textLength("e\u0301")).toBe(2); // a combining accent is its own code point
    expect(textLength("\ud800")).toBe(1); // a lone surrogate counts once
  });

  it("the composer's counter and the post check agree: 1001 emoji are 1001/2000, 2001 are too long", () => {
    expect(postCounter("😀".repeat(1001))).toEqual({ text: `1001/${POST_MAX_LENGTH}`, warning: false });
    expect(postCounter("😀".repeat(1801))).toEqual({ text: `1801/${POST_MAX_LENGTH}`, warning: true });
    const ok = { connected: true, hasProfile: true, balance: 1 };
    expect(validatePostInput({ ...ok, content: "😀".repeat(POST_MAX_LENGTH) })).toEqual([]);
    expect(validatePostInput({ ...ok, content: "😀".repeat(POST_MAX_LENGTH + 1) })).toEqual([messages.post.tooLong]);
  });
});

describe("names", () => {
  it("are NFC-normalised and trimmed of whitespace and invisible characters", () => {
    expect(cleanName("  Zoe\u0308  ")).toBe("Zoë");
    expect(cleanName("\u200b\u200bAda\u2060\ufeff")).toBe("Ada");
    expect(cleanName("Ben \u00a0\u3000 Okafor")).toBe("Ben Okafor");
    expect(cleanName("A\u00adda")).toBe("Ada"); // a soft hyphen is invisible
    expect(cleanName("👩\u200d🎨 Mia")).toBe("👩\u200d🎨 Mia"); // ZWJ inside an emoji sequence stays
    expect(profileFieldsSchema.parse({ name: "\u200bAda\u200b", ...valid }).name).toBe("Ada");
  });

  it("of only invisible characters are refused as empty", () => {
    for (const name of ["\u200b\u200c\u200d", "\u3164\u3164", "\u2060", "\u00ad", "\ufeff \u200b"]) {
      expect(validateProfileFields({ name, ...valid }), JSON.stringify(name)).toEqual([messages.profile.name]);
    }
  });

  it("with bidi controls are refused with a message", () => {
    for (const name of ["\u202eevil\u202c Admin", "Ada\u200f", "\u2066Ben\u2069", "x\u061cy"]) {
      expect(validateProfileFields({ name, ...valid }), JSON.stringify(name)).toEqual([
        messages.profile.nameCharacters,
      ]);
    }
  });

  it("are at most 50 code points", () => {
    expect(validateProfileFields({ name: "😀".repeat(50), ...valid })).toEqual([]);
    expect(validateProfileFields({ name: "😀".repeat(51), ...valid })).toEqual([messages.profile.name]);
  });
});

describe("birthdays", () => {
  it("lie between 1900-01-01 and today", () => {
    const today = new Date().toISOString().slice(0, 10);
    for (const birthday of ["1900-01-01", "2010-06-15", today]) {
      expect(validateProfileFields({ name: "Ada", birthday, starSign: "Leo" }), birthday).toEqual([]);
    }
    for (const birthday of ["0000-01-01", "1899-12-31", "9999-12-31", "2999-01-01"]) {
      expect(validateProfileFields({ name: "Ada", birthday, starSign: "Leo" }), birthday).toEqual([
        messages.profile.birthdayRange,
      ]);
    }
  });
});
