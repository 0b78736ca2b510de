import { useFetcher } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "~/i18n/react";
import { Label } from "~/components/ui/field-frame";
import type { Option } from "~/components/ui/form";
import { suggestionText, type AddressLookup, type AddressSuggestion } from "~/utils/address";

export type LookupAnswer = AddressLookup | { status: "rateLimited" };

/** What the server sends back to the page (without JavaScript) after a look-up or a choice. */
export interface ServerLookup {
  lookup: LookupAnswer | null;
  /** The place fields were blanked because the address found is not in Maryland. */
  cleared: boolean;
  applied: boolean;
}

const TYPING_PAUSE_MS = 500;
const MIN_QUERY = 5;

/**
 * The address look-up (R19). Without JavaScript Look up posts the form and suggestions come back with buttons that
 * fill the fields; with it, suggestions follow the typing.
 */
export function AddressSearch({
  defaultQuery,
  server,
  counties,
  onChoose,
  onRefused,
}: {
  defaultQuery: string;
  server: ServerLookup | null;
  counties: Option[];
  onChoose: (suggestion: AddressSuggestion) => void;
  onRefused: () => void;
}) {
  const { t } = useTranslation("profile");
  const fetcher = useFetcher<LookupAnswer>();
  const input = useRef<HTMLInputElement>(null);
  const timer = useRef<number>();
  const explicit = useRef(false);
  const refused = useRef(onRefused);
  refused.current = onRefused;
  const [local, setLocal] = useState<{ cleared: boolean; applied: boolean; hidden: boolean }>({
    cleared: false,
    applied: false,
    hidden: false,
  });

  const search = (now: boolean) => {
    window.clearTimeout(timer.current);
    const query = input.current?.value.trim() ?? "";
    if (query.length < (now ? 1 : MIN_QUERY)) return;
    const run = () => fetcher.load(`/app/address-lookup?${new URLSearchParams({ q: query })}`);
    if (now) run();
    else timer.current = window.setTimeout(run, TYPING_PAUSE_MS);
  };

  useEffect(() => () => window.clearTimeout(timer.current), []);

  // An address outside Maryland, asked for on purpose, blanks the fields (R19).
  const data = fetcher.data;
  useEffect(() => {
    if (!data) return;
    const refuse = explicit.current && data.status === "notMaryland";
    explicit.current = false;
    if (refuse) refused.current();
    setLocal({ cleared: refuse, applied: false, hidden: false });
  }, [data]);

  const lookup = data ?? server?.lookup ?? null;
  const cleared = data ? local.cleared : Boolean(server?.cleared);
  const applied = local.applied || (!data && Boolean(server?.applied));
  const countyName = (code: string | null) => counties.find((county) => county.value === code)?.label ?? "";

  return (
    <div className="address-search">
      <Label htmlFor="address-query">{t("address.search")}</Label>
      <span className="usa-hint" id="address-query-hint">
        {t("address.searchHint")}
      </span>
      <div className="address-search__row">
        <input
          ref={input}
          className="usa-input"
          id="address-query"
          name="query"
          type="text"
          autoComplete="street-address"
          aria-describedby="address-query-hint"
          defaultValue={defaultQuery}
          maxLength={200}
          onInput={() => search(false)}
          onKeyDown={(event) => {
            // Enter in the search box looks up, rather than saving the form around it.
            if (event.key !== "Enter") return;
            event.preventDefault();
            explicit.current = true;
            search(true);
          }}
        />
        <button
          type="submit"
          name="intent"
          value="lookup"
          formNoValidate
          className="usa-button usa-button--outline"
          onClick={(event) => {
            event.preventDefault();
            explicit.current = true;
            search(true);
          }}
        >
          {t("address.lookUp")}
        </button>
      </div>
      <div aria-live="polite" className="address-search__results">
        {applied ? <p>{t("address.applied")}</p> : null}
        {!applied && !local.hidden && lookup?.status === "found" ? (
          <>
            <p>{t("address.found", { count: lookup.suggestions.length })}</p>
            <ul className="usa-list usa-list--unstyled address-search__suggestions">
              {lookup.suggestions.map((suggestion) => {
                const text = suggestionText(suggestion);
                return (
                  <li key={`${text}-${suggestion.county}`}>
                    <span>
                      {text}
                      {suggestion.county ? ` (${countyName(suggestion.county)})` : ""}
                    </span>{" "}
                    <button
                      type="submit"
                      name="suggestion"
                      value={JSON.stringify(suggestion)}
                      formNoValidate
                      className="usa-button usa-button--unstyled"
                      onClick={(event) => {
                        event.preventDefault();
                        onChoose(suggestion);
                        setLocal({ cleared: false, applied: true, hidden: true });
                      }}
                    >
                      {t("address.use")}
                      <span className="usa-sr-only">: {text}</span>
                    </button>
                  </li>
                );
              })}
            </ul>
          </>
        ) : null}
        {!applied && lookup?.status === "notMaryland" ? (
          <p className="usa-error-message">{t(cleared ? "address.notMarylandCleared" : "address.notMaryland")}</p>
        ) : null}
        {!applied && lookup?.status === "notFound" ? <p>{t("address.notFound")}</p> : null}
        {!applied && lookup?.status === "rateLimited" ? <p>{t("address.rateLimited")}</p> : null}
      </div>
    </div>
  );
}
