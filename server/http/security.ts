// Security headers for every response, with a fresh CSP nonce per request for inline scripts.
import { randomBytes } from "node:crypto";
import type { ServerResponse } from "node:http";
import type { RequestHandler } from "express";

/**
 * The policy for one response: inline scripts are allowed by a per-request nonce, or — for a page
 * served from the cache, identical for everyone — by the hashes of exactly its inline scripts.
 */
export function contentSecurityPolicy(
  allow: string | { hashes: string[] },
  imageOrigins: readonly string[] = [],
): string {
  const scripts =
    typeof allow === "string" ? `'nonce-${allow}'` : allow.hashes.map((hash) => `'sha256-${hash}'`).join(" ");
  return [
    "default-src 'self'",
    `script-src 'self' ${scripts} 'strict-dynamic'`,
    // React and Radix set style attributes; no inline <style> elements are rendered.
    "style-src 'self' 'unsafe-inline'",
    // Blog posts may show images from other sites (the spec's Image URL field); map tiles come
    // from the configured tile host, named even when it is plain http (a local tile server).
    ["img-src 'self' data: blob: https:", ...imageOrigins].join(" "),
    "font-src 'self'",
    "connect-src 'self'",
    "media-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}

/** The headers every response carries, whatever answers it, as name and value pairs. */
export function standardHeaders({ hsts }: { hsts: boolean }): [string, string][] {
  return [
    ["X-Content-Type-Options", "nosniff"],
    ["X-Frame-Options", "DENY"],
    ["Referrer-Policy", "strict-origin-when-cross-origin"],
    ["Cross-Origin-Opener-Policy", "same-origin"],
    ["Permissions-Policy", "camera=(), microphone=(), geolocation=(self), interest-cohort=()"],
    ...(hsts ? [["Strict-Transport-Security", "max-age=63072000; includeSubDomains"] as [string, string]] : []),
  ];
}

const STANDARD = standardHeaders({ hsts: false });
const STANDARD_HSTS = standardHeaders({ hsts: true });

/** Sets the headers every response carries (standardHeaders). */
export function setStandardHeaders(res: Pick<ServerResponse, "setHeader">, { hsts }: { hsts: boolean }): void {
  for (const [name, value] of hsts ? STANDARD_HSTS : STANDARD) res.setHeader(name, value);
}

export function securityHeaders({
  hsts,
  imageOrigins = [],
}: {
  hsts: boolean;
  imageOrigins?: readonly string[];
}): RequestHandler {
  return (_req, res, next) => {
    const nonce = randomBytes(16).toString("base64");
    res.locals.nonce = nonce;
    res.setHeader("Content-Security-Policy", contentSecurityPolicy(nonce, imageOrigins));
    setStandardHeaders(res, { hsts });
    next();
  };
}
