// @vitest-environment happy-dom
import { getFormProps } from "@conform-to/react";
import { json } from "@remix-run/node";
import { createRemixStub } from "@remix-run/testing";
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { useTranslation } from "~/i18n/react";
import { AddressSchema } from "~/schemas/address";
import { withTranslations } from "~/test/i18n";
import type { AddressLookup } from "~/utils/address";
import { addressFieldLabels, AddressFields } from "./AddressFields";
import { useAppForm } from "./ui/useAppForm";

// docs/product-rules.md R19: a suggestion's button goes with the list once it is chosen; the focus moves to the street
// address it filled, rather than being left on the page, where a keyboard or screen-reader user would be lost.

afterEach(cleanup);

const counties = [{ value: "24003", label: "Anne Arundel County" }];

function Page() {
  const { t } = useTranslation(["profile", "common"]);
  const { form, field } = useAppForm({ id: "address", schema: AddressSchema, labels: addressFieldLabels(t) });
  return (
    <form method="post" {...getFormProps(form)}>
      <AddressFields form={form} field={field} counties={counties} result={undefined} />
    </form>
  );
}

function renderPage() {
  const asked: string[] = [];
  const found: AddressLookup = {
    status: "found",
    suggestions: [{ line1: "", city: "Annapolis", zip: "21401", state: "MD", county: "24003", counties: ["24003"] }],
  };
  const Translations = withTranslations("en");
  const Stub = createRemixStub([
    { path: "/app/profile/address", Component: Page },
    {
      path: "/app/address-lookup",
      loader: ({ request }) => {
        asked.push(new URL(request.url).searchParams.get("q") ?? "");
        return json(found);
      },
    },
  ]);
  render(
    <Translations>
      <Stub initialEntries={["/app/profile/address"]} />
    </Translations>,
  );
  return asked;
}

describe("choosing a suggested address", () => {
  it("moves the focus to the street address it filled", async () => {
    const asked = renderPage();
    fireEvent.change(await screen.findByLabelText("Find the address"), { target: { value: "21401" } });
    fireEvent.click(screen.getByRole("button", { name: "Look up" }));
    const use = await screen.findByRole("button", { name: /^Use this address/ });
    expect(asked).toEqual(["21401"]);
    use.focus();
    fireEvent.click(use);
    await screen.findByText("The address fields were filled in. Please check them, and the county.");
    const line1 = screen.getByLabelText("Street address");
    await waitFor(() => expect(document.activeElement).toBe(line1));
    expect(screen.queryByRole("button", { name: /^Use this address/ })).toBeNull();
  });
});
