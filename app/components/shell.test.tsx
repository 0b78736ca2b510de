// @vitest-environment happy-dom
import { createRemixStub } from "@remix-run/testing";
import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { withTranslations } from "~/test/i18n";
import { LanguageFooter, otherLanguageHref } from "./LanguageFooter";
import { AppShell } from "./shell/AppShell";
import { FlashMessageView } from "./FlashMessage";

afterEach(cleanup);

describe("the message of the last action", () => {
  it("is announced in a live region and stays on the page", () => {
    vi.useFakeTimers();
    const Translations = withTranslations("es");
    render(
      <Translations>
        <FlashMessageView message={{ kind: "success", text: "Niño creado" }} />
      </Translations>,
    );
    const region = screen.getByRole("status", { name: "Notificaciones" });
    expect(region.textContent).toBe("Niño creado");
    act(() => vi.advanceTimersByTime(60_000));
    expect(region.textContent).toBe("Niño creado");
    vi.useRealTimers();
  });
});

describe("the shell", () => {
  function renderShell(navOpen: boolean, isAdmin = false) {
    const Translations = withTranslations("en");
    const posted: FormData[] = [];
    const Stub = createRemixStub([
      {
        path: "/app/children",
        Component: () => (
          <AppShell navOpen={navOpen} isAdmin={isAdmin} user={{ id: 7, name: "Ana Pérez" }}>
            <h1>Children</h1>
          </AppShell>
        ),
      },
      {
        path: "/app/navigation",
        action: async ({ request }) => {
          posted.push(await request.formData());
          return null;
        },
      },
    ]);
    render(
      <Translations>
        <Stub initialEntries={["/app/children?page=2"]} />
      </Translations>,
    );
    return posted;
  }

  it("has a toggle that says whether the side navigation is open and posts the change", async () => {
    const posted = renderShell(true);
    const toggle = await screen.findByRole("button", { name: "Hide menu" });
    expect(toggle.getAttribute("aria-expanded")).toBe("true");
    expect(toggle.getAttribute("aria-controls")).toBe("sidenav");
    expect(document.querySelector(".app-shell")?.classList.contains("app-shell--nav-open")).toBe(true);
    fireEvent.click(toggle);
    await vi.waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0].get("open")).toBe("false");
    expect(posted[0].get("redirectTo")).toBe("/app/children?page=2");
  });

  it("hides the side navigation when closed, and the administrator entries from others", async () => {
    renderShell(false);
    const toggle = await screen.findByRole("button", { name: "Show menu" });
    expect(toggle.getAttribute("aria-expanded")).toBe("false");
    expect(document.querySelector(".app-shell")?.classList.contains("app-shell--nav-closed")).toBe(true);
    expect(screen.queryByRole("link", { name: "Users", hidden: true })).toBeNull();
  });

  it("has a phone menu button that opens the menu without leaving the page, and closes it again", async () => {
    renderShell(true);
    const menu = await screen.findByRole("button", { name: "Menu" });
    expect(menu.getAttribute("aria-expanded")).toBe("false");
    expect(menu.getAttribute("aria-controls")).toBe("sidenav");
    // Without JavaScript the button reloads the same page, with its parameters, and ?menu=open.
    const form = menu.closest("form")!;
    expect(form.getAttribute("method")).toBe("get");
    expect(form.getAttribute("action")).toBe("/app/children");
    expect(new FormData(form).get("page")).toBe("2");
    expect(new FormData(form).get("menu")).toBe("open");
    fireEvent.click(menu);
    await vi.waitFor(() => expect(menu.getAttribute("aria-expanded")).toBe("true"));
    expect(document.querySelector(".app-shell")?.classList.contains("app-shell--menu-open")).toBe(true);
    fireEvent.click(menu);
    await vi.waitFor(() => expect(menu.getAttribute("aria-expanded")).toBe("false"));
  });

  it("shows the administrator entries to administrators and marks the current page", async () => {
    renderShell(true, true);
    expect(await screen.findByRole("link", { name: "Users" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "Children" }).className).toContain("usa-current");
  });

  it("has a main view that takes focus", async () => {
    renderShell(true);
    const main = await screen.findByRole("main");
    expect(main.id).toBe("main-content");
    expect(main.getAttribute("tabindex")).toBe("-1");
  });
});

describe("the language switcher", () => {
  it("links to the same page in the other language, keeping the other parameters", () => {
    expect(otherLanguageHref("/app/children", "?page=2&lang=en", "en")).toBe("/app/children?page=2&lang=sp");
    expect(otherLanguageHref("/login", "", "es")).toBe("/login?lang=en");
  });

  it("is a plain link labelled in the language it leads to", async () => {
    const Translations = withTranslations("en");
    const Stub = createRemixStub([{ path: "/login", Component: LanguageFooter }]);
    render(
      <Translations>
        <Stub initialEntries={["/login"]} />
      </Translations>,
    );
    const link = await screen.findByRole("link", { name: "Español" });
    expect(link.getAttribute("href")).toBe("/login?lang=sp");
    expect(link.getAttribute("lang")).toBe("es");
  });
});
