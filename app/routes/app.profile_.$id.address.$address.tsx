import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import { requireUser } from "~/auth/auth.server";
import { AddressSearch, type ServerLookup } from "~/components/AddressSearch";
import { ConfirmAction, ConfirmPage } from "~/components/ui/ConfirmAction";
import { ErrorSummary, SelectField, summarize, TextField } from "~/components/ui/form";
import { getDb } from "~/db.server";
import { getLanguage } from "~/i18n/i18next.server";
import { getPageTranslation } from "~/i18n/page.server";
import { deleteAddress, getAddress, saveAddress } from "~/models/address.server";
import { InputError } from "~/models/errors";
import { getLookupOptions } from "~/models/lookup.server";
import { AddressSchema } from "~/schemas/address";
import { lookUpAddress } from "~/services/geocoder.server";
import { hitRateLimit } from "~/services/rate-limit.server";
import { redirectWithToast } from "~/services/toast.server";
import { applySuggestion, BLANK_PLACE, type AddressSuggestion } from "~/utils/address";
import { idParam, notFound, orHttpError } from "~/utils/route.server";

export const handle = { i18n: ["common", "profile"] };

/** The address id from the path, or null for "new". */
function addressParam(value: string | undefined): number | null {
  return value === "new" ? null : idParam(value);
}

/** The edit screen is the owner's alone: anyone else is answered as if it did not exist. */
async function requireOwner(request: Request, idText: string | undefined) {
  const actor = await requireUser(request);
  const ownerId = idParam(idText);
  if (actor.id !== ownerId) notFound();
  return { actor, ownerId };
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { actor, ownerId } = await requireOwner(request, params.id);
  const addressId = addressParam(params.address);
  const db = getDb();
  const address = addressId === null ? null : await orHttpError(getAddress(db, actor, ownerId, addressId));
  const confirmDelete = address !== null && new URL(request.url).searchParams.has("delete");
  const { title } = await getPageTranslation(request, ["profile", "common"]);
  return json({
    title: title(confirmDelete ? "profile:address.deleteTitle" : address ? "profile:address.editTitle" : "profile:address.addTitle"),
    ownerId,
    address: address && {
      id: address.id,
      line1: address.line1,
      line2: address.line2 ?? "",
      city: address.city,
      zip: address.zip,
      county: address.county ?? "",
      nickname: address.nickname ?? "",
    },
    confirmDelete,
    counties: await getLookupOptions(db, "Counties", await getLanguage(request)),
  });
}

const SuggestionSchema = z.object({
  line1: z.string().max(100),
  city: z.string().max(60),
  zip: z.string().regex(/^\d{5}$/),
  state: z.literal("MD"),
  county: z.string().max(20).nullable(),
  counties: z.array(z.string().max(20)).max(30),
});

function readSuggestion(value: FormDataEntryValue | null): AddressSuggestion | null {
  if (typeof value !== "string") return null;
  try {
    const parsed = SuggestionSchema.safeParse(JSON.parse(value));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/**
 * Which button sent the form. Enter pressed in a field (without JavaScript) sends "enter": it looks
 * the address up when only the search box holds text, and otherwise saves, as Enter in a form does.
 */
function readIntent(formData: FormData) {
  if (formData.has("suggestion")) return "use";
  const intent = String(formData.get("intent") ?? "save");
  if (intent !== "enter") return intent;
  const text = (name: string) => String(formData.get(name) ?? "").trim();
  return text("query") && !text("line1") && !text("city") && !text("zip") ? "lookup" : "saveAndContinue";
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { actor, ownerId } = await requireOwner(request, params.id);
  const addressId = addressParam(params.address);
  const db = getDb();
  const formData = await request.formData();
  const intent = readIntent(formData);
  const profileUrl = `/app/profile/${ownerId}`;

  if (intent === "delete") {
    if (addressId === null) notFound();
    await orHttpError(deleteAddress(db, actor, ownerId, addressId));
    return redirectWithToast(profileUrl, { key: "toasts.addressDeleted" });
  }

  const submission = parseWithZod(formData, { schema: AddressSchema });
  const typed = Object.fromEntries([...formData].filter(([, value]) => typeof value === "string")) as Record<string, string>;
  // The page without JavaScript: the look-up and the choice of a suggestion come back to the form,
  // with everything typed kept and the place fields filled (or blanked) as the rules say.
  const back = (values: Record<string, string>, lookup: ServerLookup, countyChoices: string[] = []) =>
    json({ initialValue: values, error: {}, ...lookup, countyChoices, query: typed.query ?? "" });

  if (intent === "lookup") {
    const limit = await hitRateLimit(db, "addressLookup", String(actor.id));
    if (!limit.allowed) return back(typed, { lookup: { status: "rateLimited" }, cleared: false, applied: false });
    const lookup = await lookUpAddress(db, typed.query ?? "");
    const cleared = lookup.status === "notMaryland";
    return back(cleared ? { ...typed, ...BLANK_PLACE } : typed, { lookup, cleared, applied: false });
  }
  if (intent === "use") {
    const suggestion = readSuggestion(formData.get("suggestion"));
    if (!suggestion) return back(typed, { lookup: null, cleared: false, applied: false });
    return back({ ...typed, ...applySuggestion(typed, suggestion) }, { lookup: null, cleared: false, applied: true }, suggestion.counties);
  }

  const fail = (extra: Parameters<typeof submission.reply>[0] = {}) =>
    json({ ...submission.reply(extra), lookup: null, cleared: false, applied: false, countyChoices: [] as string[], query: typed.query ?? "" }, { status: 400 });
  if (submission.status !== "success") return fail();
  try {
    const saved = await orHttpError(saveAddress(db, actor, ownerId, submission.value, addressId));
    const next = intent === "saveAndContinue" ? profileUrl : `${profileUrl}/address/${saved.id}`;
    return redirectWithToast(next, { key: "toasts.addressSaved" });
  } catch (error) {
    if (error instanceof InputError) return fail({ fieldErrors: error.fieldErrors });
    throw error;
  }
}

export default function AddressPage() {
  const { address, confirmDelete, ownerId } = useLoaderData<typeof loader>();
  const { t } = useTranslation(["profile", "common"]);
  const profileUrl = `/app/profile/${ownerId}`;
  if (address && confirmDelete) {
    return (
      <ConfirmPage
        title={t("address.deleteTitle")}
        body={<DeleteQuestion address={address} />}
        confirmLabel={t("address.deleteConfirm")}
        cancelLabel={t("address.deleteCancel")}
        intent="delete"
        cancelTo={`${profileUrl}/address/${address.id}`}
      />
    );
  }
  return <AddressForm />;
}

function DeleteQuestion({ address }: { address: { line1: string; city: string; zip: string; nickname: string } }) {
  const { t } = useTranslation("profile");
  return (
    <>
      <p>{t("address.deleteBody")}</p>
      <p>
        <strong>{[address.nickname, address.line1, address.city, `MD ${address.zip}`].filter(Boolean).join(", ")}</strong>
      </p>
    </>
  );
}

function AddressForm() {
  const { address, ownerId, counties } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const { t } = useTranslation(["profile", "common"]);
  const profileUrl = `/app/profile/${ownerId}`;
  const [form, fields] = useForm({
    id: "address",
    lastResult: result,
    defaultValue: address ?? undefined,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: AddressSchema }),
  });
  const [countyChoices, setCountyChoices] = useState<string[]>(result?.countyChoices ?? []);

  const fill = (values: Record<string, string>) => {
    for (const [name, value] of Object.entries(values)) form.update({ name, value });
  };
  const valueOf = (id: string) => (document.getElementById(id) as HTMLInputElement | HTMLSelectElement | null)?.value ?? "";
  const onChoose = (suggestion: AddressSuggestion) => {
    fill({ ...applySuggestion({ line1: valueOf(fields.line1.id), county: valueOf(fields.county.id) }, suggestion) });
    setCountyChoices(suggestion.counties);
  };
  const onRefused = () => {
    fill({ ...BLANK_PLACE });
    setCountyChoices([]);
  };

  const labelled: Array<[typeof fields.line1, string]> = [
    [fields.line1, t("address.line1")],
    [fields.line2, t("address.line2")],
    [fields.city, t("address.city")],
    [fields.zip, t("address.zip")],
    [fields.county, t("address.county")],
    [fields.nickname, t("address.nickname")],
  ];
  const countyHint =
    countyChoices.length > 1
      ? t("address.splitZip", { counties: countyChoices.map((code) => counties.find((county) => county.value === code)?.label ?? code).join(", ") })
      : undefined;

  return (
    <div className="address-page">
      <h1>{t(address ? "address.editTitle" : "address.addTitle")}</h1>
      <p>
        <Link to={profileUrl}>{t("address.backToProfile")}</Link>
      </p>
      <ErrorSummary items={summarize(t, labelled)} formErrors={form.errors} focusKey={result} />
      <Form method="post" {...getFormProps(form)} className="usa-form usa-form--large">
        {/* The first submit button is the one Enter presses; the server decides what Enter means. */}
        <button type="submit" name="intent" value="enter" className="usa-sr-only" tabIndex={-1} aria-hidden="true">
          {t("address.saveAndContinue")}
        </button>
        <AddressSearch
          defaultQuery={result?.query ?? ""}
          server={result ? { lookup: result.lookup, cleared: result.cleared, applied: result.applied } : null}
          counties={counties}
          onChoose={onChoose}
          onRefused={onRefused}
        />
        <fieldset className="usa-fieldset">
          <legend className="usa-legend usa-legend--large">{t("address.legend")}</legend>
          <TextField meta={fields.line1} label={t("address.line1")} autoComplete="address-line1" />
          <TextField meta={fields.line2} label={t("address.line2")} optional autoComplete="address-line2" />
          <TextField meta={fields.city} label={t("address.city")} autoComplete="address-level2" />
          <div className="usa-form-group">
            <label className="usa-label" htmlFor="address-state">
              {t("address.state")}
            </label>
            <input className="usa-input usa-input--small" id="address-state" value={t("address.maryland")} readOnly aria-describedby="address-state-hint" />
            <span className="usa-hint" id="address-state-hint">
              {t("address.stateHint")}
            </span>
          </div>
          <TextField meta={fields.zip} label={t("address.zip")} inputMode="numeric" autoComplete="postal-code" maxLength={5} className="usa-input--small" />
          <SelectField meta={fields.county} label={t("address.county")} hint={countyHint} options={counties} />
          <TextField meta={fields.nickname} label={t("address.nickname")} hint={t("address.nicknameHint")} optional />
        </fieldset>
        <div className="form-actions">
          <button type="submit" name="intent" value="saveAndContinue" className="usa-button">
            {t("address.saveAndContinue")}
          </button>
          <button type="submit" name="intent" value="save" className="usa-button usa-button--outline">
            {t("address.save")}
          </button>
          <Link to={profileUrl}>{t("address.cancel")}</Link>
        </div>
      </Form>
      {address ? (
        <div className="form-actions">
          <ConfirmAction
            id="delete-address"
            href="?delete"
            triggerLabel={t("address.delete")}
            title={t("address.deleteTitle")}
            body={<DeleteQuestion address={address} />}
            confirmLabel={t("address.deleteConfirm")}
            cancelLabel={t("address.deleteCancel")}
            intent="delete"
          />
        </div>
      ) : null}
    </div>
  );
}
