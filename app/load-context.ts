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
    /** The address the request came from (the client's behind TRUST_PROXY), for rate limits. */
    clientIp: string;
    /**
     * The action of this request signed the person in under a new session: its loaders, which still see the request's
     * old cookie, are told so (the second step's set-up without JavaScript).
     */
    signedInNow?: boolean;
    /**
     * The action of this request refused its form (app/utils/route.server.ts): without JavaScript the loaders that run
     * after it render that page, and the root's says `failed`, so the title says "Error: ".
     */
    formRefused?: boolean;
  }
}

export {};
