import type { IncomingMessage } from "node:http";
import { Socket } from "node:net";
import { describe, expect, it } from "vitest";
import { clientAddresses, limitAddressOf } from "./client-address";

function request(peer: string, forwardedFor?: string): IncomingMessage {
  const socket = new Socket();
  Object.defineProperty(socket, "remoteAddress", { value: peer });
  return {
    socket,
    connection: socket,
    headers: forwardedFor ? { "x-forwarded-for": forwardedFor } : {},
  } as unknown as IncomingMessage;
}

describe("limitAddressOf", () => {
  it("counts an IPv6 client by its /64, whichever address of the block it uses and however it is written", () => {
    const block = "2001:db8:85a3:42::/64";
    expect(limitAddressOf("2001:db8:85a3:42::1")).toBe(block);
    expect(limitAddressOf("2001:0db8:85a3:0042:ffff:ffff:ffff:ffff")).toBe(block);
    expect(limitAddressOf("2001:db8:85a3:42:1234:5678:9abc:def0%eth0")).toBe(block);
    expect(limitAddressOf("2001:db8:85a3:43::1")).not.toBe(block);
    expect(limitAddressOf("::1")).toBe("0:0:0:0::/64");
  });

  it("keeps IPv4 addresses whole, also when written as IPv4-mapped IPv6", () => {
    expect(limitAddressOf("203.0.113.9")).toBe("203.0.113.9");
    expect(limitAddressOf("::ffff:203.0.113.9")).toBe("203.0.113.9");
    expect(limitAddressOf("::ffff:cb00:7109")).toBe("203.0.113.9");
    expect(limitAddressOf("203.0.113.10")).not.toBe("203.0.113.9");
  });

  it("calls anything else unknown", () => {
    expect(limitAddressOf("")).toBe("unknown");
    expect(limitAddressOf("not an address")).toBe("unknown");
  });
});

describe("clientAddresses", () => {
  it("believes X-Forwarded-For only from the proxies TRUST_PROXY names", () => {
    const loopback = clientAddresses(["loopback"]);
    expect(loopback.of(request("127.0.0.1", "198.51.100.7"))).toBe("198.51.100.7");
    expect(loopback.of(request("198.51.100.20", "198.51.100.7"))).toBe("198.51.100.20");
    expect(loopback.of(request("::1", "2001:db8::5"))).toBe("2001:db8:0:0::/64");
    expect(clientAddresses(false).of(request("127.0.0.1", "198.51.100.7"))).toBe("127.0.0.1");
    expect(clientAddresses(1).of(request("10.0.0.2", "203.0.113.1, 198.51.100.7"))).toBe("198.51.100.7");
  });

  it("takes a trusted proxy's own request without X-Forwarded-For as the proxy's address, as when it carries one", () => {
    const loopback = clientAddresses(["loopback"]);
    expect(loopback.of(request("127.0.0.1"))).toBe("127.0.0.1");
    expect(loopback.of(request("::1"))).toBe("0:0:0:0::/64");
    expect(loopback.of(request("::ffff:127.0.0.1"))).toBe("127.0.0.1");
    // An empty header is still a header: proxy-addr reads it, and finds only the peer.
    expect(loopback.of(request("127.0.0.1", ""))).toBe("127.0.0.1");
  });

  it("trusts a request's own headers (its request id) only from a trusted peer", () => {
    const loopback = clientAddresses(["loopback"]);
    expect(loopback.fromTrustedPeer(request("127.0.0.1"))).toBe(true);
    expect(loopback.fromTrustedPeer(request("198.51.100.20"))).toBe(false);
    expect(clientAddresses(false).fromTrustedPeer(request("127.0.0.1"))).toBe(false);
    expect(clientAddresses(["10.0.0.0/8"]).fromTrustedPeer(request("10.1.2.3"))).toBe(true);
  });
});
