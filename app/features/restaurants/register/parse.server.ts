// Reading a register file. PLACEHOLDER until the full reader lands: the scraper's CSV only.
import { parse } from "csv-parse/sync";
import { AppError } from "../../../lib/errors";
import type { ParsedRegister, RegisterEntryRead } from "./types";

const TEL_AVIV_DAY = new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Jerusalem" });

/** Reads a register file of any accepted shape (recognised by its content), or throws AppError "invalid". */
export function parseRegisterFile(_fileName: string, data: Buffer): ParsedRegister {
  const text = data.toString("utf8").replace(/^\uFEFF/, "");
  if (!text.startsWith("kosher_date,")) throw new AppError("invalid", "registerFile.unknownShape");
  const rows = parse(text, { columns: true, skip_empty_lines: true }) as Record<string, string>[];
  const entries: RegisterEntryRead[] = rows.map((raw, position) => ({
    position,
    name: raw.post_title ?? "",
    businessType: raw.business_type ?? "",
    address: raw.wrap_address ?? "",
    city: "תל אביב-יפו",
    phone: raw.wrap_phone ?? "",
    validUntil: raw.kosher_date ? TEL_AVIV_DAY.format(new Date(Number(raw.kosher_date) * 1000)) : null,
    level: null,
    kind: null,
    eatery: /מסעד|קפה|מזנון/.test(raw.business_type ?? ""),
    raw,
  }));
  return { shape: "scraperCsv", list: "register", body: "rabbinate_tel_aviv", publishedOn: null, entries };
}
