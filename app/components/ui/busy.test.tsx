// @vitest-environment happy-dom
import { redirect } from "@remix-run/node";
import { Outlet } from "@remix-run/react";
import { createRemixStub } from "@remix-run/testing";
import { act, cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { withTranslations } from "~/test/i18n";
import Login from "~/routes/login";
import { BusyStatus } from "./busy";

// docs/product-rules.md R152: a button that sends a form says it is working and takes no second press until the answer
// comes; a form its checks refuse sends nothing and stays as it was. The root installs it for every form, as here, and
// the sign-in page is the form. Each post waits until the test answers it: a slow network, without one.

afterEach(cleanup);

const WORDS = {
  en: {
    working: "Working…",
    email: "E-mail address",
    password: "Password",
    signIn: "Sign in",
    problem: "There is a problem",
  },
  es: {
    working: "Procesando…",
    email: "Correo electrónico",
    password: "Contraseña",
    signIn: "Iniciar sesión",
    problem: "Hay un problema",
  },
} as const;

function Root() {
  return (
    <>
      <Outlet />
      <BusyStatus />
    </>
  );
}

/** The sign-in page under the root; `posts` are the forms its action received, each answered by `answer`. */
function renderSignIn(language: "en" | "es") {
  const posts: FormData[] = [];
  const waiting: Array<(answer: Response | null) => void> = [];
  const Translations = withTranslations(language);
  const Stub = createRemixStub([
    {
      path: "/",
      Component: Root,
      children: [
        {
          path: "/login",
          Component: Login,
          loader: () => ({ title: WORDS[language].signIn }),
          action: async ({ request }) => {
            posts.push(await request.formData());
            return new Promise<Response | null>((resolve) => waiting.push(resolve));
          },
        },
        { path: "/app/dashboard", Component: () => <h1>Dashboard</h1> },
      ],
    },
  ]);
  render(
    <Translations>
      <Stub initialEntries={["/login"]} />
    </Translations>,
  );
  return {
    posts,
    /** The server's answer to the oldest post still waiting. */
    answer: async (value: Response | null) => {
      await waitFor(() => expect(waiting.length).toBeGreaterThan(0));
      await act(async () => waiting.shift()!(value));
    },
  };
}

function expectBusy(button: HTMLElement, working: string) {
  expect(button.getAttribute("aria-disabled")).toBe("true");
  expect(button.textContent).toContain(working);
  // Said once, politely, by a status region: the words on the button are for the eyes (aria-hidden).
  expect(screen.getAllByRole("status").filter((region) => region.textContent === working)).toHaveLength(1);
}

function expectIdle(button: HTMLElement, working: string) {
  expect(button.getAttribute("aria-disabled")).toBeNull();
  expect(button.textContent).not.toContain(working);
  expect(screen.getAllByRole("status").filter((region) => region.textContent?.includes(working))).toHaveLength(0);
}

describe("a button that sends a form", () => {
  for (const language of ["en", "es"] as const) {
    const words = WORDS[language];

    it(`says it is working and sends the form once, however often it is pressed, then is ready again (${language})`, async () => {
      const { posts, answer } = renderSignIn(language);
      const button = await screen.findByRole("button", { name: words.signIn });

      // Refused by the form's own checks (nothing typed): nothing is sent, and the button stays as it was.
      fireEvent.click(button);
      await screen.findByText(words.problem);
      expectIdle(button, words.working);
      expect(posts).toHaveLength(0);

      // Sent: working until the answer comes, and a second and third press send nothing more.
      fireEvent.input(screen.getByLabelText(words.email), { target: { value: "rosa@example.com" } });
      fireEvent.input(screen.getByLabelText(words.password), { target: { value: "not the password 1" } });
      fireEvent.click(button);
      await waitFor(() => expectBusy(button, words.working));
      fireEvent.click(button);
      fireEvent.click(button);
      expectBusy(button, words.working);
      await answer(null);
      await waitFor(() => expectIdle(button, words.working));
      expect(posts).toHaveLength(1);

      // Pressed again once answered: sent again, once, and followed where the answer leads.
      fireEvent.click(button);
      fireEvent.click(button);
      await waitFor(() => expectBusy(button, words.working));
      await answer(redirect("/app/dashboard"));
      await screen.findByRole("heading", { name: "Dashboard" });
      expect(posts).toHaveLength(2);
      expect(posts.map((form) => form.get("email"))).toEqual(["rosa@example.com", "rosa@example.com"]);
    });
  }
});
