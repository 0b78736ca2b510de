import { createContext, useContext } from "react";

// The CSP nonce of this response, for the few inline scripts Remix writes.
const NonceContext = createContext<string | undefined>(undefined);

export const NonceProvider = NonceContext.Provider;

export function useNonce() {
  return useContext(NonceContext);
}
