import type { DB } from "./db.server";

// What the server (app/server/app.ts) hands every loader and action.
declare module "@remix-run/server-runtime" {
  interface AppLoadContext {
    /**
     * The database handle. Routes pass it to the model functions (app/models); they never import
     * the database themselves (the lint rule of app/eslint.config.mjs).
     */
    db: DB;
    /** The CSP nonce of this response. */
    cspNonce?: string;
    /** The address the request came from, for rate limits. */
    clientIp?: string;
  }
}

export {};
