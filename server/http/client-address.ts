// Who is asking: the one place that decides a request's client address, for rate limits, the
// live-update caps and the request log alike. Behind proxies that TRUST_PROXY names the address
// comes from X-Forwarded-For (as Express's `trust proxy` reads it: the same compiled rule is given
// to Express); an IPv6 client is counted by its /64, the block one subscriber is given, so walking
// through the addresses of one's own network buys no extra attempts.
import type { IncomingMessage } from "node:http";
import { isIPv4, isIPv6 } from "node:net";
import proxyaddr from "proxy-addr";

export type TrustRule = (address: string, hop: number) => boolean;

export interface ClientAddresses {
  /** Express's `trust proxy`, compiled once: whose X-Forwarded-For is believed, hop by hop. */
  trust: TrustRule;
  /** The client as limits count it: the address behind trusted proxies, an IPv6 one by its /64. */
  of(req: IncomingMessage): string;
  /** True when the socket's peer is a trusted proxy: only then are its own headers (X-Request-Id) believed. */
  fromTrustedPeer(req: IncomingMessage): boolean;
}

/** What Express's `trust proxy` setting receives (server/config.ts reads it from the environment). */
export type TrustProxy = false | number | string[];

/** TRUST_PROXY as Express compiles it: `false` trusts no one, a number that many hops, a list those addresses. */
export function trustRuleOf(trustProxy: TrustProxy): TrustRule {
  if (trustProxy === false) return () => false;
  if (typeof trustProxy === "number") return (_address, hop) => hop < trustProxy;
  return proxyaddr.compile(trustProxy);
}

/** Peers whose facts are remembered at most (cleared past it): each request asks twice. */
const MAX_KNOWN_PEERS = 10_000;

export function clientAddresses(trustProxy: TrustProxy): ClientAddresses {
  const trust = trustRuleOf(trustProxy);
  // Addresses read from X-Forwarded-For, kept for the request's other questions (each rate limit
  // asks). One from the peer itself is a lookup below: a WeakMap entry for every request cost about
  // half a microsecond, most of it in the garbage collector.
  const forwarded = new WeakMap<IncomingMessage, string>();
  // A peer's facts do not change: whether it is a trusted proxy, and its own address as limits count it.
  const peers = new Map<string, { trusted: boolean; address: string }>();
  const peerOf = (peer: string) => {
    let facts = peers.get(peer);
    if (!facts) {
      if (peers.size >= MAX_KNOWN_PEERS) peers.clear();
      facts = { trusted: trust(peer, 0), address: limitAddressOf(peer) };
      peers.set(peer, facts);
    }
    return facts;
  };
  return {
    trust,
    of(req) {
      const peer = req.socket.remoteAddress;
      if (peer === undefined) return limitAddressOf("");
      const facts = peerOf(peer);
      // Behind a trusted proxy the client is read from X-Forwarded-For; otherwise it is the peer
      // (also a trusted peer's request without the header: proxy-addr would answer the peer, at
      // a cost paid on every request that comes straight from a trusted address).
      if (!facts.trusted || req.headers["x-forwarded-for"] === undefined) return facts.address;
      let address = forwarded.get(req);
      if (address === undefined) {
        address = limitAddressOf(proxyaddr(req, trust));
        forwarded.set(req, address);
      }
      return address;
    },
    fromTrustedPeer(req) {
      const peer = req.socket.remoteAddress;
      return peer !== undefined && peerOf(peer).trusted;
    },
  };
}

/**
 * The address as limits count it: IPv4 as it is (an IPv4-mapped IPv6 address too), IPv6 by its
 * first 64 bits (`2001:db8:1:2::/64`), anything unreadable as "unknown".
 */
export function limitAddressOf(address: string): string {
  const bare = address.replace(/%.*$/, "");
  if (isIPv4(bare)) return bare;
  if (!isIPv6(bare)) return "unknown";
  const groups = ipv6Groups(bare);
  if (groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff) {
    const [high = 0, low = 0] = groups.slice(6);
    return [high >> 8, high & 0xff, low >> 8, low & 0xff].join(".");
  }
  return `${groups
    .slice(0, 4)
    .map((group) => group.toString(16))
    .join(":")}::/64`;
}

/** The eight 16-bit groups of a valid IPv6 address (with `::` and a dotted IPv4 tail expanded). */
function ipv6Groups(address: string): number[] {
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(address);
  const text = dotted
    ? address.slice(0, dotted.index) +
      [(Number(dotted[1]) << 8) | Number(dotted[2]), (Number(dotted[3]) << 8) | Number(dotted[4])]
        .map((n) => n.toString(16))
        .join(":")
    : address;
  const [head = "", tail] = text.split("::");
  const parse = (part: string) => (part === "" ? [] : part.split(":").map((group) => parseInt(group, 16)));
  const start = parse(head);
  const end = tail === undefined ? [] : parse(tail);
  return [...start, ...Array<number>(8 - start.length - end.length).fill(0), ...end];
}
