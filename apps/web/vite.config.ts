import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import { bootShell } from "./boot-shell";
import { precompress } from "./precompress";

// In `npm run dev` the Vite dev server proxies the API started by `npm start` (default port 5173). Its port is
// fixed (strictPort): the API accepts writes from this origin on the local chain (apps/api/src/auth/origin.ts).
export default defineConfig({
  plugins: [react(), bootShell(), precompress()],
  server: { port: 5174, strictPort: true, proxy: { "/api": `http://localhost:${process.env.API_PORT ?? 5173}` } },
  build: { outDir: "dist", sourcemap: true, chunkSizeWarningLimit: 700 },
});
