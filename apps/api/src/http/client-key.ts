/**
 * The key every per-client limit counts under (sign-ins, new sessions, live-update streams, sockets). An IPv4
 * address is one client. An IPv6 host normally owns a whole /64 and picks any address in it (privacy
 * addresses rotate by themselves), so keying by the full address gave one host 2^64 budgets: 80 sign-ins of
 * fresh wallets from `2001:db8:1:1::<i>` all succeeded where one IPv4 address stops at 40. An IPv6 address
 * therefore counts as its /64; an IPv4-mapped one (`::ffff:1.2.3.4`, what a dual-stack socket reports for an
 * IPv4 client) and a NAT64 one (`64:ff9b::1.2.3.4`) as the IPv4 address inside.
 */
import { isIPv4, isIPv6 } from "node:net";

/** `ip` as the key of the client it stands for: IPv4 as is, IPv6 as `<first 4 groups>::/64`. */
export function clientKey(ip: string): string {
  // A zone id (`fe80::1%eth0`) names the local interface, not the client; brackets come from URL forms.
  const address = ip
    .trim()
    .replace(/^\[(.*)\]$/, "$1")
    .replace(/%.*$/, "");
  if (isIPv4(address)) return address;
  // Not an address (an odd proxy's header): as given, so it still counts as one client.
  if (!isIPv6(address)) return ip;
  const groups = ipv6Groups(address);
  const embedded = embeddedIpv4(groups);
  if (embedded !== null) return embedded;
  return `${groups
    .slice(0, 4)
    .map((group) => group.toString(16))
    .join(":")}::/64`;
}

/**
 * The network `ip` is in, for limits a whole network shares: an IPv6 /48 (what a site or a hosting customer is
 * given: 65,536 /64s, each its own client, so an attacker with one /48 filled every live-update stream of an
 * instance from 26 of them), else the client's key.
 */
export function networkKey(ip: string): string {
  const client = clientKey(ip);
  if (!client.endsWith("::/64")) return client;
  return `${client.split(":").slice(0, 3).join(":")}::/48`;
}

/** The 8 16-bit groups of a valid IPv6 address (`::` expanded, a trailing dotted IPv4 read as two groups). */
function ipv6Groups(address: string): number[] {
  let text = address.toLowerCase();
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = "", tail] = text.split("::");
  const parse = (part: string) => (part === "" ? [] : part.split(":").map((group) => Number.parseInt(group, 16)));
  const left = parse(head);
  if (tail === undefined) return left;
  const right = parse(tail);
  return [...left, ...new Array<number>(8 - left.length - right.length).fill(0), ...right];
}

/** The IPv4 address inside an IPv4-mapped (::ffff:0:0/96) or NAT64 (64:ff9b::/96) address, else null. */
function embeddedIpv4(groups: number[]): string | null {
  const prefix = groups.slice(0, 6).join(",");
  if (prefix !== "0,0,0,0,0,65535" && prefix !== "100,65435,0,0,0,0") return null;
  const [high = 0, low = 0] = groups.slice(6);
  return [high >> 8, high & 0xff, low >> 8, low & 0xff].join(".");
}
