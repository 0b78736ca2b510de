// @vitest-environment happy-dom
import { createRemixStub } from "@remix-run/testing";
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { withTranslations } from "~/test/i18n";
import Register from "./register";

afterEach(cleanup);

const questions = [
  { value: "1", label: "First pet" },
  { value: "2", label: "City of birth" },
  { value: "3", label: "School" },
];

function renderRegister() {
  const Translations = withTranslations("en");
  const Stub = createRemixStub([
    {
      path: "/register",
      Component: Register,
      loader: () => ({
        title: "Create an account",
        options: { prefixes: [], suffixes: [], references: [], questions },
      }),
    },
  ]);
  render(
    <Translations>
      <Stub initialEntries={["/register"]} />
    </Translations>,
  );
}

function optionValues(select: HTMLElement) {
  return [...(select as HTMLSelectElement).options].map((option) => option.value).filter(Boolean);
}

describe("registration with JavaScript", () => {
  it("leaves each question out of the other list, and clears an answer when its question changes", async () => {
    renderRegister();
    const question1 = await screen.findByLabelText("Security question 1");
    const question2 = screen.getByLabelText("Security question 2");
    const answer1 = screen.getByLabelText("Answer to security question 1") as HTMLInputElement;

    fireEvent.change(question1, { target: { value: "2" } });
    await waitFor(() => expect(optionValues(question2)).toEqual(["1", "3"]));
    fireEvent.input(answer1, { target: { value: "Baltimore" } });
    fireEvent.change(question2, { target: { value: "3" } });
    await waitFor(() => expect(optionValues(question1)).toEqual(["1", "2"]));

    fireEvent.change(question1, { target: { value: "1" } });
    await waitFor(() => expect(answer1.value).toBe(""));
  });

  it("puts the dashes in a phone number as it is typed", async () => {
    renderRegister();
    const phone = (await screen.findByLabelText(/^Home phone/)) as HTMLInputElement;
    fireEvent.input(phone, { target: { value: "4105551" } });
    expect(phone.value).toBe("410-555-1");
    fireEvent.input(phone, { target: { value: "410-555-12345" } });
    expect(phone.value).toBe("410-555-1234");
  });

  it("reads the password's strength as it is typed", async () => {
    renderRegister();
    const password = await screen.findByLabelText(/^Password/);
    fireEvent.input(password, { target: { value: "abcdefg" } });
    expect(await screen.findByText("Password strength: Bad")).toBeTruthy();
    fireEvent.input(password, { target: { value: "abcdefghijk1" } });
    expect(await screen.findByText("Password strength: Strong")).toBeTruthy();
  });
});
