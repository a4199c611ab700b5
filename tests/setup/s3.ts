// A real S3-compatible server (s3rver) on 127.0.0.1 for the storage tests: files kept in a temp
// folder, one bucket, s3rver's fixed test credentials. Started by each test file that needs it.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import S3rver from "s3rver";
import type { S3StorageConfig } from "../../server/config";

export interface TestBucket {
  /** What parseConfig would make of `env`. */
  config: S3StorageConfig;
  /** The environment a server process needs to use this bucket. */
  env: Record<string, string>;
  endpoint: string;
  stop(): Promise<void>;
}

export async function startTestBucket(bucket = "kta-uploads", port = 0): Promise<TestBucket> {
  const directory = mkdtempSync(path.join(tmpdir(), "kta-s3-"));
  const server = new S3rver({
    port,
    address: "127.0.0.1",
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  const address = await server.run();
  const endpoint = `http://127.0.0.1:${address.port}`;
  const credentials = { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" };
  return {
    config: { bucket, region: "us-east-1", endpoint, forcePathStyle: true, credentials },
    env: {
      STORAGE: "s3",
      S3_BUCKET: bucket,
      S3_REGION: "us-east-1",
      S3_ENDPOINT: endpoint,
      S3_FORCE_PATH_STYLE: "true",
      AWS_ACCESS_KEY_ID: credentials.accessKeyId,
      AWS_SECRET_ACCESS_KEY: credentials.secretAccessKey,
    },
    endpoint,
    async stop() {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
