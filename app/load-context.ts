// What the server (app/server/index.ts) hands every loader and action.
declare module "@remix-run/server-runtime" {
  interface AppLoadContext {
    /** The CSP nonce of this response. */
    cspNonce?: string;
    /** The address the request came from, for rate limits. */
    clientIp?: string;
  }
}

export {};
