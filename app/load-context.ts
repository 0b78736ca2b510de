import type { DB } from "./db.server";

// What the server (app/server/app.ts) hands every loader and action.
declare module "@remix-run/server-runtime" {
  interface AppLoadContext {
    /** Routes pass it to app/models and never import the database (lint rule in app/eslint.config.mjs). */
    db: DB;
    /** The CSP nonce of this response. */
    cspNonce?: string;
    /** The address the request came from (the client's behind TRUST_PROXY), for rate limits. */
    clientIp: string;
    /** The action signed in under a new session; its loaders still see the old cookie (no-JavaScript second step). */
    signedInNow?: boolean;
    /** The action refused its form: later loaders render that page and the root's says `failed` ("Error: " title). */
    formRefused?: boolean;
  }
}

export {};
