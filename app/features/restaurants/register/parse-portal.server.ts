// The national kashrut portal's JSON: records with SiteName, SiteAddress, CityName and the
// certificates issued (lstKosherCertificateIssued[]: KosherLevel.Name, KosherType.Name, ValidTo).
// The portal covers the whole country; only Tel Aviv-Yafo's records are read.
import type { CertificateLevel } from "../../../../database/lifecycle";
import type { KosherKind } from "../../../../database/register";
import { kindFromText } from "./business-types";
import { assertRawRow, cleanText, entryOf, field, readDay, refuse } from "./parse-fields.server";
import type { RegisterEntryRead } from "./types";

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type JsonObject = { [key: string]: Json };

const isObject = (value: Json | undefined): value is JsonObject =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** A record is the portal's when it has a SiteName. */
const isSite = (value: Json): boolean => isObject(value) && "SiteName" in value;

/**
 * The portal's records: the file's top-level array, or the first array of records under its top
 * object or one level further in ({"Data": [...]}, {"d": {"results": [...]}}); an empty top-level
 * array is an empty list. null: not the portal's.
 */
function sitesOf(json: Json): Json[] | null {
  const candidates: Json[] = [json];
  if (isObject(json))
    for (const value of Object.values(json)) {
      candidates.push(value);
      if (isObject(value)) candidates.push(...Object.values(value));
    }
  for (const candidate of candidates) if (Array.isArray(candidate) && candidate.some(isSite)) return candidate;
  return Array.isArray(json) && json.length === 0 ? [] : null;
}

/** Tel Aviv-Yafo as the portal may write it: "תל אביב - יפו", "תל אביב יפו", "תל-אביב", "יפו", "Tel Aviv-Yafo". */
const TEL_AVIV = /^(?:תל[\s-]*אביב(?:[\s-]*יפו)?|יפו|tel[\s-]*aviv(?:[\s-]*(?:yafo|jaffa))?|jaffa|yafo)$/i;

export function isTelAviv(city: string): boolean {
  return TEL_AVIV.test(cleanText(city).replace(/\s*-\s*/g, "-"));
}

/** Text of a value the portal gives as a string, a number, or an object with a Name. */
function textOf(value: Json | undefined): string {
  if (typeof value === "string") return value;
  if (typeof value === "number" || typeof value === "boolean") return String(value);
  if (isObject(value)) return textOf(value.Name ?? value.name);
  return "";
}

/** Mehadrin or regular, from the level's Hebrew name ("מהדרין", "כשר", "רגיל", "כשרות רגילה", "רבנות"). */
export function levelOf(name: string): CertificateLevel | null {
  if (/מהדרין|mehadrin/i.test(name)) return "mehadrin";
  if (/רגיל|כשר|רבנות|regular|kosher/i.test(name)) return "regular";
  return null;
}

/** The file's JSON records as entries; null when it is JSON but not the portal's. */
export function readPortal(json: Json): RegisterEntryRead[] | null {
  const sites = sitesOf(json);
  if (sites === null) return null;
  const entries: RegisterEntryRead[] = [];
  sites.forEach((site, i) => {
    const row = i + 1;
    if (!isObject(site) || !isTelAviv(textOf(site.CityName))) return;
    const certificate = latestCertificate(site, row);
    const raw = rawOf(site, certificate);
    assertRawRow(raw, row);
    const kind: KosherKind | null = kindFromText(raw.KosherType ?? "");
    entries.push(
      entryOf(
        {
          name: field(raw.SiteName, { row, column: "SiteName" }),
          businessType: field(raw.SiteType, { row, column: "SiteType" }),
          address: field(raw.SiteAddress, { row, column: "SiteAddress" }),
          city: field(raw.CityName, { row, column: "CityName" }),
          phone: field(raw.Phone, { row, column: "Phone" }),
          validUntil: certificate?.validUntil ?? null,
          level: levelOf(raw.KosherLevel ?? ""),
          kind,
          raw,
        },
        entries.length,
        row,
        "SiteName",
      ),
    );
  });
  if (entries.length === 0 && sites.length > 0) refuse("registerFile.noCityRows");
  return entries;
}

interface Certificate {
  level: string;
  type: string;
  validTo: string;
  validUntil: string | null;
}

/** The site's certificate that runs longest (the current one); its ValidTo is refused when it is not a date. */
function latestCertificate(site: JsonObject, row: number): Certificate | null {
  const issued = site.lstKosherCertificateIssued;
  let latest: Certificate | null = null;
  for (const item of Array.isArray(issued) ? issued : []) {
    if (!isObject(item)) continue;
    const validTo = textOf(item.ValidTo);
    const certificate = {
      level: textOf(item.KosherLevel),
      type: textOf(item.KosherType),
      validTo,
      validUntil: readDay(validTo, { row, column: "ValidTo" }),
    };
    if (latest === null || (certificate.validUntil ?? "") > (latest.validUntil ?? "")) latest = certificate;
  }
  return latest;
}

/** The record as stored: its own scalar fields as text, and the current certificate's facts. */
function rawOf(site: JsonObject, certificate: Certificate | null): Record<string, string> {
  const raw: Record<string, string> = {};
  for (const [key, value] of Object.entries(site))
    if (key !== "lstKosherCertificateIssued" && (!isObject(value) || "Name" in value) && !Array.isArray(value))
      raw[key] = textOf(value);
  raw.SiteName ??= "";
  raw.SiteType ??= textOf(site.SiteType ?? site.BusinessType ?? site.SiteTypeName);
  raw.Phone ??= textOf(site.Phone ?? site.SitePhone);
  raw.KosherLevel = certificate?.level ?? "";
  raw.KosherType = certificate?.type ?? "";
  raw.ValidTo = certificate?.validTo ?? "";
  return raw;
}

export type { Json };
