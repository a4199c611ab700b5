import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [tailwindcss(), reactRouter()],
  build: {
    sourcemap: false,
    // The server build's entry is our Express app, which imports the React Router build,
    // so routes and the server share one module graph (one context key, one db handle).
    rollupOptions: isSsrBuild ? { input: "./server/index.ts" } : undefined,
  },
}));
