// @vitest-environment happy-dom
import { json, redirect } from "@remix-run/node";
import { Outlet, useActionData } from "@remix-run/react";
import { createRemixStub } from "@remix-run/testing";
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { Form, StatusButton } from "./busy";
import { useFocusHeadingOnNewScreen } from "./focus";

// docs/product-rules.md R166: with JavaScript, a post answered with a redirect is a new screen, even at the same
// address (a save), and its heading takes the focus; a post answered with data (a lookup's results) stays where it is.

afterEach(cleanup);

function Root() {
  useFocusHeadingOnNewScreen();
  return (
    <main id="main-content">
      <Outlet />
    </main>
  );
}

function Page() {
  const answer = useActionData<{ found: string }>();
  return (
    <>
      <h1>Your profile</h1>
      {answer ? <p>{answer.found}</p> : null}
      {/* One button a form: the test's DOM sends a form's first button whichever is pressed. */}
      <Form method="post">
        <input type="hidden" name="intent" value="save" />
        <StatusButton>Save</StatusButton>
      </Form>
      <Form method="post">
        <input type="hidden" name="intent" value="look" />
        <StatusButton>Look up</StatusButton>
      </Form>
    </>
  );
}

function renderPage() {
  const Stub = createRemixStub([
    {
      path: "/",
      Component: Root,
      children: [
        {
          path: "/profile",
          Component: Page,
          action: async ({ request }) => {
            const form = await request.formData();
            return form.get("intent") === "save" ? redirect("/profile") : json({ found: "3 addresses" });
          },
        },
      ],
    },
  ]);
  render(<Stub initialEntries={["/profile"]} />);
}

describe("the focus after a post", () => {
  it("goes to the heading when the post was redirected to the same address", async () => {
    renderPage();
    const save = await screen.findByRole("button", { name: "Save" });
    save.focus();
    fireEvent.click(save);
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole("heading", { name: "Your profile" })));
  });

  it("stays where it was when the post was answered with data", async () => {
    renderPage();
    const look = await screen.findByRole("button", { name: "Look up" });
    look.focus();
    fireEvent.click(look);
    await screen.findByText("3 addresses");
    await waitFor(() => expect(look.getAttribute("aria-disabled")).toBeNull());
    expect(document.activeElement).toBe(look);
  });
});
