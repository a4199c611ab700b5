import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ConfigError, listeningOn, parseConfig, pgliteDirIn, tileOrigin } from "./config";

const dirs: string[] = [];
function tempDir() {
  const dir = mkdtempSync(path.join(tmpdir(), "kta-config-"));
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe("parseConfig", () => {
  it("listens on this machine only outside production unless HOST says otherwise; on every interface in production", () => {
    const dataDir = tempDir();
    expect(parseConfig({ DATA_DIR: dataDir }).host).toBe("127.0.0.1");
    expect(parseConfig({ DATA_DIR: dataDir, NODE_ENV: "test" }).host).toBe("127.0.0.1");
    expect(parseConfig({ DATA_DIR: dataDir, HOST: "0.0.0.0" }).host).toBe("0.0.0.0");
    expect(parseConfig({ DATA_DIR: dataDir, NODE_ENV: "production", AUTH_SECRET: "s".repeat(32) }).host).toBe(
      "0.0.0.0",
    );
    expect(
      parseConfig({ DATA_DIR: dataDir, NODE_ENV: "production", AUTH_SECRET: "s".repeat(32), HOST: "10.1.2.3" }).host,
    ).toBe("10.1.2.3");
  });

  it("says where it listens in the start-up line", () => {
    expect(listeningOn("127.0.0.1", 3000)).toBe(
      "on http://127.0.0.1:3000 (this machine only; HOST=0.0.0.0 opens it to the network)",
    );
    expect(listeningOn("0.0.0.0", 8080)).toBe("on every network interface, port 8080 (http://localhost:8080)");
    expect(listeningOn("::1", 3000)).toContain("http://[::1]:3000 (this machine only");
    expect(listeningOn("10.1.2.3", 3000)).toBe("on http://10.1.2.3:3000");
  });

  it("names the site as the mail sender even when read before the message catalogues are loaded", async () => {
    // As in the server's bundle, where this module may be evaluated before the catalogues are added.
    vi.resetModules();
    const fresh = await import("./config");
    expect(fresh.parseConfig({ DATA_DIR: tempDir() }).mailFrom).toBe(
      "Kosher Tel Aviv <no-reply@kosher-tel-aviv.example>",
    );
  });

  it("has working defaults for a laptop: port 3000, PGlite, demo data, a generated secret", () => {
    const dataDir = tempDir();
    const config = parseConfig({ DATA_DIR: dataDir });
    expect(config).toMatchObject({
      mode: "development",
      port: 3000,
      databaseUrl: undefined,
      publicUrl: "http://localhost:3000",
      demoData: true,
      isProduction: false,
      uploadGraceHours: 24,
    });
    expect(config.authSecret).toHaveLength(64);
    expect(readFileSync(path.join(dataDir, "auth-secret"), "utf8").trim()).toBe(config.authSecret);
    expect(parseConfig({ DATA_DIR: dataDir }).authSecret).toBe(config.authSecret);
  });

  it("gives the embedded database's folder, DATA_DIR/db, the one place the server and the commands find it", () => {
    const dataDir = tempDir();
    expect(parseConfig({ DATA_DIR: dataDir }).pgliteDir).toBe(path.join(dataDir, "db"));
    expect(pgliteDirIn(dataDir)).toBe(path.join(dataDir, "db"));
    // A relative DATA_DIR is resolved once, so the folder does not move with the working directory.
    const relative = path.relative(process.cwd(), dataDir);
    expect(parseConfig({ DATA_DIR: relative }).pgliteDir).toBe(path.join(dataDir, "db"));
    // Given with DATABASE_URL too (a backup of PostgreSQL never opens it), so no command has to derive it.
    expect(parseConfig({ DATA_DIR: dataDir, DATABASE_URL: "postgres://u:p@127.0.0.1:5432/k" }).pgliteDir).toBe(
      path.join(dataDir, "db"),
    );
  });

  it("reads PORT, DATA_DIR, DATABASE_URL, PUBLIC_URL, CONTACT_EMAIL and UPLOAD_GRACE_HOURS", () => {
    const dataDir = tempDir();
    const config = parseConfig({
      PORT: "8080",
      DATA_DIR: dataDir,
      DATABASE_URL: "postgres://kta:secret@127.0.0.1:5432/kta",
      PUBLIC_URL: "https://kosher.example.com/",
      CONTACT_EMAIL: "hello@kosher.example.com",
      AUTH_SECRET: "x".repeat(40),
      UPLOAD_GRACE_HOURS: "48",
    });
    expect(config).toMatchObject({
      port: 8080,
      dataDir,
      databaseUrl: "postgres://kta:secret@127.0.0.1:5432/kta",
      publicUrl: "https://kosher.example.com",
      contactEmail: "hello@kosher.example.com",
      authSecret: "x".repeat(40),
      uploadGraceHours: 48,
    });
    expect(existsSync(path.join(dataDir, "auth-secret"))).toBe(false);
  });

  it.each([
    [{ PORT: "eighty" }, "PORT"],
    [{ PORT: "70000" }, "PORT"],
    [{ DATABASE_URL: "not a url" }, "DATABASE_URL"],
    [{ DATABASE_URL: "mysql://127.0.0.1/db" }, "DATABASE_URL"],
    [{ PUBLIC_URL: "kosher.example.com" }, "PUBLIC_URL"],
    [{ CONTACT_EMAIL: "nobody" }, "CONTACT_EMAIL"],
    [{ AUTH_SECRET: "short" }, "AUTH_SECRET"],
    [{ NODE_ENV: "staging" }, "NODE_ENV"],
    [{ UPLOAD_GRACE_HOURS: "a day" }, "UPLOAD_GRACE_HOURS"],
    [{ UPLOAD_GRACE_HOURS: "0" }, "UPLOAD_GRACE_HOURS"],
    [{ REQUIRE_2FA_FOR_ADMINS: "yes" }, "REQUIRE_2FA_FOR_ADMINS"],
    [{ VERIFICATION_MAX_AGE_DAYS: "half a year" }, "VERIFICATION_MAX_AGE_DAYS"],
    [{ VERIFICATION_MAX_AGE_DAYS: "0" }, "VERIFICATION_MAX_AGE_DAYS"],
  ])("stops on a bad value and names it: %o", (env, name) => {
    expect(() => parseConfig({ DATA_DIR: tempDir(), ...env })).toThrow(ConfigError);
    expect(() => parseConfig({ DATA_DIR: tempDir(), ...env })).toThrow(
      new RegExp(`^Invalid configuration:\\n  ${name}:`),
    );
  });

  it("requires AUTH_SECRET in production and never generates one there", () => {
    const dataDir = tempDir();
    expect(() => parseConfig({ NODE_ENV: "production", DATA_DIR: dataDir })).toThrow(/AUTH_SECRET: required/);
    expect(existsSync(path.join(dataDir, "auth-secret"))).toBe(false);
  });

  it("never loads demo data in production, and refuses to be asked to", () => {
    const base = { NODE_ENV: "production", AUTH_SECRET: "s".repeat(32), DATA_DIR: tempDir() };
    expect(parseConfig(base).demoData).toBe(false);
    expect(() => parseConfig({ ...base, DEMO_DATA: "true" })).toThrow(/DEMO_DATA/);
  });

  it("leaves two-factor optional for admins unless REQUIRE_2FA_FOR_ADMINS=true", () => {
    expect(parseConfig({ DATA_DIR: tempDir() }).requireTwoFactorForAdmins).toBe(false);
    expect(parseConfig({ DATA_DIR: tempDir(), REQUIRE_2FA_FOR_ADMINS: "true" }).requireTwoFactorForAdmins).toBe(true);
    expect(parseConfig({ DATA_DIR: tempDir(), REQUIRE_2FA_FOR_ADMINS: "false" }).requireTwoFactorForAdmins).toBe(false);
  });

  it("calls a verification overdue after 180 days unless VERIFICATION_MAX_AGE_DAYS says otherwise", () => {
    expect(parseConfig({ DATA_DIR: tempDir() }).verificationMaxAgeDays).toBe(180);
    expect(parseConfig({ DATA_DIR: tempDir(), VERIFICATION_MAX_AGE_DAYS: "90" }).verificationMaxAgeDays).toBe(90);
    // The certificates' grace period.
    expect(parseConfig({ DATA_DIR: tempDir() }).certificateGraceDays).toBe(30);
    expect(parseConfig({ DATA_DIR: tempDir(), CERTIFICATE_GRACE_DAYS: "0" }).certificateGraceDays).toBe(0);
  });

  it("takes the map tiles from MAP_TILE_URL and its credit, OpenStreetMap's standard tiles by default, and refuses a template without {z}, {x}, {y}", () => {
    const tiles = parseConfig({ DATA_DIR: tempDir() }).mapTiles;
    expect(tiles).toEqual({
      url: "https://tile.openstreetmap.org/{z}/{x}/{y}.png",
      attribution: "© OpenStreetMap contributors",
      attributionUrl: "https://www.openstreetmap.org/copyright",
    });
    expect(tileOrigin(tiles)).toBe("https://tile.openstreetmap.org");
    const own = parseConfig({
      DATA_DIR: tempDir(),
      MAP_TILE_URL: "http://127.0.0.1:8080/tiles/{z}/{x}/{y}.png?key=k",
      MAP_ATTRIBUTION: "© Our tiles",
    }).mapTiles;
    expect(tileOrigin(own)).toBe("http://127.0.0.1:8080");
    expect(
      parseConfig({ DATA_DIR: tempDir(), MAP_TILE_URL: "http://127.0.0.1:8080/{z}/{x}/{y}.png" }).imageOrigins,
    ).toEqual(["http://127.0.0.1:8080"]);
    expect(own.attribution).toBe("© Our tiles");
    expect(() => parseConfig({ DATA_DIR: tempDir(), MAP_TILE_URL: "https://tiles.example/tile.png" })).toThrow(
      /MAP_TILE_URL: must hold \{z\}, \{x\} and \{y\}/,
    );
    expect(() => parseConfig({ DATA_DIR: tempDir(), MAP_TILE_URL: "ftp://tiles.example/{z}/{x}/{y}" })).toThrow(
      /MAP_TILE_URL/,
    );
  });

  it("treats empty values as unset", () => {
    expect(parseConfig({ DATA_DIR: tempDir(), PORT: "", DATABASE_URL: "" })).toMatchObject({
      port: 3000,
      databaseUrl: undefined,
    });
  });

  it("reads TRUST_PROXY as Express takes it: loopback by default, a hop count, addresses, or false; never true", () => {
    const dataDir = tempDir();
    expect(parseConfig({ DATA_DIR: dataDir }).trustProxy).toEqual(["loopback"]);
    expect(parseConfig({ DATA_DIR: dataDir, TRUST_PROXY: "1" }).trustProxy).toBe(1);
    expect(parseConfig({ DATA_DIR: dataDir, TRUST_PROXY: "false" }).trustProxy).toBe(false);
    expect(
      parseConfig({ DATA_DIR: dataDir, TRUST_PROXY: "10.0.0.0/8, 192.168.1.7 ,loopback,fd00::/8" }).trustProxy,
    ).toEqual(["10.0.0.0/8", "192.168.1.7", "loopback", "fd00::/8"]);
    for (const bad of ["true", "10.0.0.0/33", "everyone", "11", "10.0.0.1/8/8", "::1/129"]) {
      expect(() => parseConfig({ DATA_DIR: dataDir, TRUST_PROXY: bad }), bad).toThrow(
        /TRUST_PROXY: must be false, a hop count/,
      );
    }
  });

  it("reads the slow-client limits: keep-alive seconds and live-update streams per client and in all", () => {
    const dataDir = tempDir();
    expect(parseConfig({ DATA_DIR: dataDir })).toMatchObject({
      keepAliveSeconds: 10,
      liveStreams: { perClient: 30, total: 2000 },
    });
    const set = parseConfig({
      DATA_DIR: dataDir,
      HTTP_KEEP_ALIVE_SECONDS: "65",
      LIVE_STREAMS_PER_CLIENT: "4",
      LIVE_STREAMS_MAX: "100",
    });
    expect(set).toMatchObject({ keepAliveSeconds: 65, liveStreams: { perClient: 4, total: 100 } });
    expect(() => parseConfig({ DATA_DIR: dataDir, LIVE_STREAMS_PER_CLIENT: "0" })).toThrow(/LIVE_STREAMS_PER_CLIENT/);
  });

  it("logs JSON lines at info level, pretty ones in development, as LOG_LEVEL and LOG_FORMAT say", () => {
    const dataDir = tempDir();
    expect(parseConfig({ DATA_DIR: dataDir }).log).toEqual({ level: "info", format: "pretty" });
    expect(parseConfig({ DATA_DIR: dataDir, NODE_ENV: "production", AUTH_SECRET: "s".repeat(40) }).log).toEqual({
      level: "info",
      format: "json",
    });
    expect(parseConfig({ DATA_DIR: dataDir, LOG_LEVEL: "warn", LOG_FORMAT: "json" }).log).toEqual({
      level: "warn",
      format: "json",
    });
    expect(() => parseConfig({ DATA_DIR: dataDir, LOG_LEVEL: "loud" })).toThrow(
      /LOG_LEVEL: must be one of fatal, error, warn, info/,
    );
    expect(() => parseConfig({ DATA_DIR: dataDir, LOG_FORMAT: "xml" })).toThrow(/LOG_FORMAT: must be json or pretty/);
  });

  it("keeps uploads on local disk unless STORAGE=s3 names a bucket, with clear errors for what is missing", () => {
    const dataDir = tempDir();
    expect(parseConfig({ DATA_DIR: dataDir }).storage).toEqual({ kind: "local", dir: path.join(dataDir, "uploads") });
    const s3 = parseConfig({
      DATA_DIR: dataDir,
      STORAGE: "s3",
      S3_BUCKET: "kta-uploads",
      S3_REGION: "eu-central-1",
      S3_ENDPOINT: "http://127.0.0.1:9000",
      S3_FORCE_PATH_STYLE: "true",
      AWS_ACCESS_KEY_ID: "minio",
      AWS_SECRET_ACCESS_KEY: "minio-secret",
      UPLOADS_PUBLIC_URL: "https://cdn.example.com/uploads/",
    });
    expect(s3.storage).toEqual({
      kind: "s3",
      bucket: "kta-uploads",
      region: "eu-central-1",
      endpoint: "http://127.0.0.1:9000",
      forcePathStyle: true,
      credentials: { accessKeyId: "minio", secretAccessKey: "minio-secret" },
      publicUrl: "https://cdn.example.com/uploads",
    });
    // Images from the CDN are allowed by the pages' CSP.
    expect(s3.imageOrigins).toContain("https://cdn.example.com");
    expect(parseConfig({ DATA_DIR: dataDir, STORAGE: "s3", S3_BUCKET: "b-1" }).storage).toEqual({
      kind: "s3",
      bucket: "b-1",
      region: "us-east-1",
      forcePathStyle: false,
    });
    expect(() => parseConfig({ DATA_DIR: dataDir, STORAGE: "s3" })).toThrow(/S3_BUCKET: required when STORAGE=s3/);
    expect(() => parseConfig({ DATA_DIR: dataDir, STORAGE: "s3", S3_BUCKET: "b-1", AWS_ACCESS_KEY_ID: "x" })).toThrow(
      /give both, or neither/,
    );
    expect(() => parseConfig({ DATA_DIR: dataDir, STORAGE: "disk" })).toThrow(/STORAGE: must be local or s3/);
    expect(() => parseConfig({ DATA_DIR: dataDir, STORAGE: "s3", S3_BUCKET: "Bad_Bucket" })).toThrow(
      /S3_BUCKET: must be a bucket name/,
    );
    expect(() =>
      parseConfig({ DATA_DIR: dataDir, STORAGE: "s3", S3_BUCKET: "b-1", S3_ENDPOINT: "minio:9000" }),
    ).toThrow(/S3_ENDPOINT: must be an http/);
  });
});
