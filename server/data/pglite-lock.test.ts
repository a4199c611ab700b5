import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { DatabaseInUseError, lockPgliteDir } from "./pglite-lock";

const dirs: string[] = [];
function folder() {
  const dir = path.join(mkdtempSync(path.join(tmpdir(), "kta-lock-")), "db");
  dirs.push(path.dirname(dir));
  return dir;
}
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe("the embedded database's lock", () => {
  it("names this process while it has the folder, and goes when released", () => {
    const dir = folder();
    const release = lockPgliteDir(dir);
    expect(readFileSync(`${dir}.lock`, "utf8")).toBe(String(process.pid));
    release();
    expect(existsSync(`${dir}.lock`)).toBe(false);
  });

  it("refuses a folder that a running process has open, naming it", () => {
    const dir = folder();
    // Our parent process is certainly running.
    writeFileSync(`${dir}.lock`, String(process.ppid));
    expect(() => lockPgliteDir(dir)).toThrow(DatabaseInUseError);
    expect(() => lockPgliteDir(dir)).toThrow(`pid ${process.ppid}`);
  });

  it("takes over a lock left by a process that is gone", () => {
    const dir = folder();
    // Above Linux's pid_max: no such process.
    writeFileSync(`${dir}.lock`, "4194305");
    const release = lockPgliteDir(dir);
    expect(readFileSync(`${dir}.lock`, "utf8")).toBe(String(process.pid));
    release();
  });
});
