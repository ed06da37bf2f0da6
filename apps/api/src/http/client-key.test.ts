import { describe, expect, it } from "vitest";
import { clientKey, networkKey } from "./client-key";

describe("clientKey", () => {
  it("an IPv4 address is its own key", () => {
    expect(clientKey("198.51.100.7")).toBe("198.51.100.7");
    expect(clientKey("127.0.0.1")).toBe("127.0.0.1");
  });

  it("an IPv6 address counts as its /64, whatever form it is written in", () => {
    const forms = [
      "2001:db8:1:1::1",
      "2001:db8:1:1::ffff",
      "2001:0db8:0001:0001:0000:0000:0000:0001",
      "2001:DB8:1:1:AB:CD:EF:12",
      "2001:db8:1:1:0:0:0:0",
      "2001:db8:1:1::",
      "[2001:db8:1:1::42]",
      "2001:db8:1:1:1:2:192.0.2.1",
      " 2001:db8:1:1::9 ",
    ];
    for (const form of forms) expect(clientKey(form), form).toBe("2001:db8:1:1::/64");
  });

  it("another /64 is another client", () => {
    expect(clientKey("2001:db8:1:2::1")).toBe("2001:db8:1:2::/64");
    expect(clientKey("2001:db8::1")).toBe("2001:db8:0:0::/64");
    expect(clientKey("::1")).toBe("0:0:0:0::/64");
    expect(clientKey("::")).toBe("0:0:0:0::/64");
    expect(clientKey("1::")).toBe("1:0:0:0::/64");
  });

  it("a zone id names the local interface, not the client: dropped", () => {
    expect(clientKey("fe80::1%eth0")).toBe("fe80:0:0:0::/64");
    expect(clientKey("fe80::abcd:1%25")).toBe("fe80:0:0:0::/64");
    expect(clientKey("FE80::2%en0")).toBe(clientKey("fe80::3"));
  });

  it("an IPv4-mapped or NAT64 address counts as the IPv4 address inside", () => {
    expect(clientKey("::ffff:1.2.3.4")).toBe("1.2.3.4");
    expect(clientKey("::FFFF:198.51.100.7")).toBe("198.51.100.7");
    expect(clientKey("::ffff:c633:6407")).toBe("198.51.100.7");
    expect(clientKey("0:0:0:0:0:ffff:1.2.3.4")).toBe("1.2.3.4");
    expect(clientKey("[::ffff:127.0.0.1]")).toBe("127.0.0.1");
    expect(clientKey("64:ff9b::203.0.113.5")).toBe("203.0.113.5");
    // Two IPv4 clients behind the same /96 prefix stay two clients.
    expect(clientKey("::ffff:1.2.3.5")).not.toBe(clientKey("::ffff:1.2.3.4"));
  });

  it("what is not an address is kept as given (it still counts as one client)", () => {
    expect(clientKey("unknown")).toBe("unknown");
    expect(clientKey("")).toBe("");
    expect(clientKey("1.2.3")).toBe("1.2.3");
    expect(clientKey("2001:db8::1::2")).toBe("2001:db8::1::2");
  });
});

describe("networkKey", () => {
  it("an IPv6 address's network is its /48; an IPv4 one (mapped too) is the address", () => {
    expect(networkKey("2001:db8:7:1::5")).toBe("2001:db8:7::/48");
    expect(networkKey("2001:0db8:0007:ffff:1:2:3:4")).toBe("2001:db8:7::/48");
    expect(networkKey("2001:db8:8:1::1")).toBe("2001:db8:8::/48");
    expect(networkKey("198.51.100.7")).toBe("198.51.100.7");
    expect(networkKey("::ffff:198.51.100.7")).toBe("198.51.100.7");
  });
});
