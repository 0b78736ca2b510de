import type { FormMetadata } from "@conform-to/react";
import { useEffect, useState } from "react";
import { useTranslation } from "~/i18n/react";
import { applySuggestion, BLANK_PLACE, type AddressSuggestion } from "~/utils/address";
import { AddressSearch, type ServerLookup } from "./AddressSearch";
import { SelectField, TextField, type Option } from "./ui/form";
import type { FieldOf } from "./ui/useAppForm";

/** The names of the address fields; a form gives useAppForm their labels with addressFieldLabels. */
export type AddressFieldName = "line1" | "line2" | "city" | "zip" | "county" | "nickname";

/** The labels of the address fields, for a form's useAppForm. */
export function addressFieldLabels(t: (key: string) => string) {
  return {
    line1: t("profile:address.line1"),
    line2: t("profile:address.line2"),
    city: t("profile:address.city"),
    zip: t("profile:address.zip"),
    county: t("profile:address.county"),
    nickname: t("profile:address.nickname"),
  };
}

/**
 * The look-up box and the address fields (docs/product-rules.md R18, R19), inside a form: state fixed to MD,
 * county from the 24 jurisdictions, a hint when the ZIP crosses county lines. Put the hidden
 * "enter" button first in the form (see `readAddressIntent`).
 */
export function AddressFields({
  form,
  field,
  counties,
  result,
}: {
  form: FormMetadata<any, string[]>;
  field: FieldOf<AddressFieldName>;
  counties: Option[];
  result: (ServerLookup & { countyChoices?: string[]; query?: string }) | undefined;
}) {
  const { t } = useTranslation("profile");
  const [countyChoices, setCountyChoices] = useState<string[]>(result?.countyChoices ?? []);
  const fill = (values: Record<string, string>) => {
    for (const [name, value] of Object.entries(values)) form.update({ name, value });
  };
  const valueOf = (id: string) => (document.getElementById(id) as HTMLInputElement | HTMLSelectElement | null)?.value ?? "";
  // The chosen suggestion's button goes with the list: the focus moves to the address it filled in, not to the page.
  const [chosen, setChosen] = useState(0);
  const line1Id = field("line1").meta.id;
  useEffect(() => {
    if (chosen) document.getElementById(line1Id)?.focus();
  }, [chosen, line1Id]);
  const onChoose = (suggestion: AddressSuggestion) => {
    fill({ ...applySuggestion({ line1: valueOf(line1Id), county: valueOf(field("county").meta.id) }, suggestion) });
    setCountyChoices(suggestion.counties);
    setChosen((times) => times + 1);
  };
  const onRefused = () => {
    fill({ ...BLANK_PLACE });
    setCountyChoices([]);
  };
  const countyHint =
    countyChoices.length > 1
      ? t("address.splitZip", { counties: countyChoices.map((code) => counties.find((county) => county.value === code)?.label ?? code).join(", ") })
      : undefined;
  return (
    <>
      <AddressSearch
        defaultQuery={result?.query ?? ""}
        server={result ? { lookup: result.lookup, cleared: result.cleared, applied: result.applied } : null}
        counties={counties}
        onChoose={onChoose}
        onRefused={onRefused}
      />
      <fieldset className="usa-fieldset">
        <legend className="usa-legend usa-legend--large">{t("address.legend")}</legend>
        <TextField {...field("line1")} autoComplete="address-line1" />
        <TextField {...field("line2")} optional autoComplete="address-line2" />
        <TextField {...field("city")} autoComplete="address-level2" />
        {/* Fixed to Maryland: said as text, not a box that cannot be changed (and was cut short on a phone). */}
        <div className="usa-form-group address-state">
          <span className="usa-label">{t("address.state")}</span>
          <span className="address-state__value">{t("address.maryland")}</span>
          <span className="usa-hint">{t("address.stateHint")}</span>
        </div>
        <TextField {...field("zip")} inputMode="numeric" autoComplete="postal-code" maxLength={5} className="usa-input--small" />
        <SelectField {...field("county")} hint={countyHint} options={counties} />
        <TextField {...field("nickname")} hint={t("address.nicknameHint")} optional />
      </fieldset>
    </>
  );
}

/** The first submit button of an address form: the one Enter presses (the server decides what it means). */
export function EnterButton({ label }: { label: string }) {
  return (
    <button type="submit" name="intent" value="enter" className="usa-sr-only" tabIndex={-1} aria-hidden="true">
      {label}
    </button>
  );
}
