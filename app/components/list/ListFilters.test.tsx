// @vitest-environment happy-dom
import { useLoaderData } from "@remix-run/react";
import { createRemixStub } from "@remix-run/testing";
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { withTranslations } from "~/test/i18n";
import { FILTER_DEBOUNCE_MS } from "~/utils/list";
import type { ListState } from "./List";
import { ListFilters, TextFilter } from "./ListFilters";

afterEach(cleanup);

const STATE: ListState = { page: 1, count: 10, sort: "name", order: "asc", text: {}, dates: {} };

/** A list page with its filters; each load of the list is counted with the address it had. */
function renderList() {
  const loads: string[] = [];
  const Translations = withTranslations("en");
  const Stub = createRemixStub([
    {
      path: "/app/users",
      loader: ({ request }) => {
        loads.push(new URL(request.url).search);
        return { email: new URL(request.url).searchParams.get("email") ?? "" };
      },
      Component: function Users() {
        const { email } = useLoaderData<{ email: string }>();
        return (
          <ListFilters state={STATE} label="Filter the users">
            <TextFilter name="email" label="E-mail" value={email} />
          </ListFilters>
        );
      },
    },
  ]);
  render(
    <Translations>
      <Stub initialEntries={["/app/users"]} />
    </Translations>,
  );
  return loads;
}

describe("a list's filters with JavaScript", () => {
  it("apply by themselves once the person stops typing", async () => {
    const loads = renderList();
    fireEvent.change(await screen.findByLabelText("E-mail"), { target: { value: "rosa@example.com" } });
    await waitFor(() => expect(loads).toHaveLength(2), { timeout: FILTER_DEBOUNCE_MS + 2000 });
    expect(loads[1]).toContain("email=rosa%40example.com");
  });

  it("sent by their button before then, are not sent again when the wait is over", async () => {
    const loads = renderList();
    fireEvent.change(await screen.findByLabelText("E-mail"), { target: { value: "rosa@example.com" } });
    fireEvent.click(screen.getByRole("button", { name: "Apply filters" }));
    await waitFor(() => expect(loads).toHaveLength(2));
    // Past the wait: a second load would take away what the page said of the person's next action.
    await new Promise((resolve) => setTimeout(resolve, FILTER_DEBOUNCE_MS + 300));
    expect(loads).toHaveLength(2);
  });
});
