import type { FormMetadata } from "@conform-to/react";
import { useEffect, useState } from "react";
import { useTranslation } from "~/i18n/react";
import { applySuggestion, BLANK_PLACE, type AddressSuggestion } from "~/utils/address";
import { AddressSearch, type ServerLookup } from "./AddressSearch";
import { SelectField, TextField, type Option } from "./ui/form";
import type { FieldOf } from "./ui/useAppForm";

/** A form gives useAppForm their labels with addressFieldLabels. */
export type AddressFieldName = "line1" | "line2" | "city" | "zip" | "county" | "nickname";

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
 * The look-up box and the address fields (R18, R19), state fixed to MD. Put the hidden "enter" button first in the form
 * (see `readAddressIntent`).
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
  const valueOf = (id: string) =>
    (document.getElementById(id) as HTMLInputElement | HTMLSelectElement | null)?.value ?? "";
  // The chosen suggestion's button leaves with the list, so focus moves to the filled address, not the page.
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
      ? t("address.splitZip", {
          counties: countyChoices
            .map((code) => counties.find((county) => county.value === code)?.label ?? code)
            .join(", "),
        })
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
        {/* Text, not a read-only box (which was cut short on a phone). */}
        <div className="usa-form-group address-state">
          <span className="usa-label">{t("address.state")}</span>
          <span className="address-state__value">{t("address.maryland")}</span>
          <span className="usa-hint">{t("address.stateHint")}</span>
        </div>
        <TextField
          {...field("zip")}
          inputMode="numeric"
          autoComplete="postal-code"
          maxLength={5}
          className="usa-input--small"
        />
        <SelectField {...field("county")} hint={countyHint} options={counties} />
        <TextField {...field("nickname")} hint={t("address.nicknameHint")} optional />
      </fieldset>
    </>
  );
}

/** The form's first submit button, which Enter presses; the server decides what it means. */
export function EnterButton({ label }: { label: string }) {
  return (
    <button type="submit" name="intent" value="enter" className="usa-sr-only" tabIndex={-1} aria-hidden="true">
      {label}
    </button>
  );
}
