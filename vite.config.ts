import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import { defineConfig, type Plugin } from "vite";

/**
 * Next to every script and stylesheet of the client build, its densest brotli and gzip copies
 * (`.br`, `.gz`), which the server sends as they are (server/static-assets.ts): smaller than
 * compressing each request at the middleware's quick levels, and no CPU per request.
 */
function precompressAssets(): Plugin {
  return {
    name: "kta:precompress-assets",
    apply: "build",
    writeBundle(options) {
      const dir = path.join(options.dir ?? "build/client", "assets");
      for (const name of readdirSync(dir)) {
        if (!/\.(?:js|css)$/.test(name)) continue;
        const raw = readFileSync(path.join(dir, name));
        writeFileSync(path.join(dir, `${name}.br`), brotliCompressSync(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: raw.length } }));
        writeFileSync(path.join(dir, `${name}.gz`), gzipSync(raw, { level: 9 }));
      }
    },
  };
}

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [tailwindcss(), reactRouter(), ...(isSsrBuild ? [] : [precompressAssets()])],
  build: {
    sourcemap: false,
    // The server build's entry is our Express app, which imports the React Router build,
    // so routes and the server share one module graph (one context key, one db handle).
    rollupOptions: isSsrBuild ? { input: "./server/index.ts" } : undefined,
  },
}));
