import { gzipSync } from "node:zlib";
import { WIZARD_STEPS } from "../app/wizard/steps";

// The weight of a screen as a browser downloads it (docs/architecture.md, The budgets): its HTML, the style sheets
// it links, and the JavaScript it loads (the scripts and module preloads in the page, and the
// modules its inline script imports), each gzipped. Without JavaScript the page needs only the
// first two.

export interface Screen {
  label: string;
  path: string;
  cookie?: string;
}

export interface Weight {
  label: string;
  html: number;
  css: number;
  js: number;
  /** The JavaScript files it loads, each gzipped (bench/chunks.ts tells which screens share which). */
  chunks: Array<{ url: string; bytes: number }>;
}

const gzipped = (bytes: Buffer | string) => gzipSync(bytes).length;

export async function pageWeights(base: string, screens: Screen[]): Promise<Weight[]> {
  const assets = new Map<string, number>();
  async function asset(url: string) {
    let size = assets.get(url);
    if (size === undefined) {
      const response = await fetch(new URL(url, base));
      if (!response.ok) throw new Error(`${url}: ${response.status}`);
      size = gzipped(Buffer.from(await response.arrayBuffer()));
      assets.set(url, size);
    }
    return size;
  }
  const weights: Weight[] = [];
  for (const screen of screens) {
    const response = await fetch(`${base}${screen.path}`, { headers: screen.cookie ? { Cookie: screen.cookie } : {} });
    const html = await response.text();
    // An unknown link's page (400) is a screen too; a sign-in redirect or a crash is not.
    if (response.status >= 500 || response.redirected)
      throw new Error(`${screen.path}: ${response.status}${response.redirected ? " (redirected)" : ""}`);
    const css = new Set([...html.matchAll(/<link[^>]+rel="stylesheet"[^>]+href="([^"]+)"/g)].map((match) => match[1]));
    const js = new Set([
      // Preloads the page asks for once it has painted (docs/product-rules.md R125) are loaded all the same.
      ...[...html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+)"/g)].map((match) => match[1]),
      ...[...html.matchAll(/<script[^>]+src="([^"]+)"/g)].map((match) => match[1]),
      ...[...html.matchAll(/import(?:[^"';]*?from)?\s*"(\/[^"]+\.js)"/g)].map((match) => match[1]),
    ]);
    let cssBytes = 0;
    for (const url of css) cssBytes += await asset(url);
    const chunks = [];
    for (const url of js) chunks.push({ url, bytes: await asset(url) });
    const jsBytes = chunks.reduce((sum, chunk) => sum + chunk.bytes, 0);
    weights.push({ label: screen.label, html: gzipped(html), css: cssBytes, js: jsBytes, chunks });
  }
  return weights;
}

/** Every screen of the application: the public ones, a referrer's (each wizard step), an administrator's. */
export function screensOf(server: {
  clients: Array<{ cookie: string; path: string }>;
  admin: { id: number; cookie: string };
}): Screen[] {
  const [, child, referral, user] = /\/app\/child\/(\d+)\/referral\/(\d+)\/user\/(\d+)\//.exec(server.clients[0].path)!;
  const wizard = `/app/child/${child}/referral/${referral}/user/${user}`;
  const referrer = server.clients[0].cookie;
  const admin = server.admin.cookie;
  return [
    { label: "sign in", path: "/login" },
    { label: "registration", path: "/register" },
    { label: "forgot password", path: "/forgot-password" },
    { label: "reset password (unknown link)", path: "/reset-password?token=unknown" },
    { label: "review link (unknown)", path: "/app/referral/review/external" },
    { label: "dashboard", path: "/app/dashboard", cookie: referrer },
    { label: "children", path: "/app/children", cookie: referrer },
    { label: "a child", path: `/app/children/details/${child}`, cookie: referrer },
    { label: "new child: date of birth", path: "/app/children/edit/preverify", cookie: referrer },
    {
      label: "new child: name",
      path: "/app/children/edit/name?birthdate=2025-01-01&stateOfResidence=21",
      cookie: referrer,
    },
    { label: "draft referrals", path: "/app/referrals/drafts", cookie: referrer },
    { label: "submitted referrals", path: "/app/referrals/submitted", cookie: referrer },
    { label: "profile", path: `/app/profile/${user}`, cookie: referrer },
    ...WIZARD_STEPS.map((step) => ({ label: `wizard: ${step.key}`, path: `${wizard}/${step.path}`, cookie: referrer })),
    {
      label: "wizard: a parent or guardian",
      path: `${wizard}/family-information/guardian/add-edit/new`,
      cookie: referrer,
    },
    { label: "wizard: a document", path: `${wizard}/supporting-documentation/new`, cookie: referrer },
    { label: "users (administrator)", path: "/app/users", cookie: admin },
    { label: "a user (administrator)", path: `/app/user/${user}`, cookie: admin },
    { label: "status updates (administrator)", path: "/app/updates", cookie: admin },
    { label: "program insight (administrator)", path: "/app/insight", cookie: admin },
    { label: "reports (administrator)", path: "/app/reports", cookie: admin },
    { label: "API keys (administrator)", path: "/app/api-keys", cookie: admin },
    { label: "API calls", path: "/api/docs" },
  ];
}
