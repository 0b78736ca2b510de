import { parseWithZod } from "@conform-to/zod/v4";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { addressFieldLabels, AddressFields, EnterButton } from "~/components/AddressFields";
import { RadioGroup } from "~/components/ui/form";
import { useAppForm } from "~/components/ui/useAppForm";
import { listAddressBook } from "~/models/address.server";
import { InputError } from "~/models/errors";
import { getLookupOptions } from "~/models/lookup.server";
import { getReferralAddress, setReferralAddress } from "~/models/referral-address.server";
import { answerAddressLookup, NO_LOOKUP, readAddressIntent } from "~/components/address-form.server";
import { afterSave, draftToWrite, loadStep } from "~/wizard/step.server";
import { ChildAddressSchema } from "~/schemas/referral";
import { redirectWithToast } from "~/services/toast.server";
import { addressText } from "~/utils/address";
import { StepForm } from "~/wizard/StepForm";
import { route } from "~/utils/route.server";
import { pageMeta } from "~/components/title";

export const handle = { i18n: ["common", "wizard", "profile"] };

export const meta = pageMeta;

export const loader = /* @__PURE__ */ route(async function loader({ request, params, context }: LoaderFunctionArgs) {
  const db = context.db;
  const { actor, ids, language, title } = await loadStep(db, request, params, "address");
  const book = await listAddressBook(db, actor, actor.id);
  const current = await getReferralAddress(db, actor, ids);
  const inBook = current && current.address_book === 1 && book.some((address) => address.id === current.id);
  return json({
    title,
    book: book.map((address) => ({
      value: `book-${address.id}`,
      label: addressText(address),
    })),
    counties: await getLookupOptions(db, "Counties", language),
    defaults: {
      source: inBook ? `book-${current.id}` : current || book.length === 0 ? "new" : "",
      line1: !inBook && current ? current.line1 : "",
      line2: !inBook && current ? (current.line2 ?? "") : "",
      city: !inBook && current ? current.city : "",
      zip: !inBook && current ? current.zip : "",
      county: !inBook && current ? (current.county ?? "") : "",
      nickname: "",
    },
  });
});

export const action = /* @__PURE__ */ route(async function action({ request, params, context }: ActionFunctionArgs) {
  const db = context.db;
  const { actor, ids } = await draftToWrite(db, request, params);
  const formData = await request.formData();
  const intent = readAddressIntent(formData, "continue");
  const answered = await answerAddressLookup(db, actor, formData, intent);
  if (answered) return answered;

  const submission = parseWithZod(formData, { schema: ChildAddressSchema });
  const fail = (extra: Parameters<typeof submission.reply>[0] = {}) => json({ ...submission.reply(extra), ...NO_LOOKUP(formData) }, { status: 400 });
  if (submission.status !== "success") return fail();
  const value = submission.value;
  try {
    await setReferralAddress(
      db,
      actor,
      ids,
      value.source === "new"
        ? {
            address: {
              line1: value.line1 ?? "",
              line2: value.line2,
              city: value.city ?? "",
              zip: value.zip ?? "",
              county: value.county ?? "",
              nickname: value.nickname,
            },
            saveToBook: value.saveToBook === "on",
          }
        : { bookId: Number(value.source.slice("book-".length)) },
    );
  } catch (error) {
    if (error instanceof InputError) return fail({ fieldErrors: error.fieldErrors });
    throw error;
  }
  return redirectWithToast(afterSave(request, ids, "address", intent === "continue"), { key: "toasts.referralUpdated" });
});

export default function AddressStep() {
  const { book, counties, defaults } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const { t } = useTranslation(["wizard", "profile", "common"]);
  const { form, field, summary } = useAppForm({
    id: "child-address",
    schema: ChildAddressSchema,
    defaultValue: defaults,
    labels: { source: t("address.source"), ...addressFieldLabels(t), saveToBook: t("address.saveToBook") },
  });
  return (
    <StepForm form={form} title={t("steps.address.title")} summary={summary}>
      <EnterButton label={t("saveAndContinue")} />
      {book.length ? (
        <RadioGroup {...field("source")} options={[...book, { value: "new", label: t("address.another") }]} />
      ) : (
        <input type="hidden" name="source" value="new" />
      )}
      <p className="usa-hint">{book.length ? t("address.typeHint") : t("address.typeOnly")}</p>
      <AddressFields form={form} field={field} counties={counties} result={result} />
      <div className="usa-checkbox">
        <input className="usa-checkbox__input" type="checkbox" id="save-to-book" name="saveToBook" value="on" />
        <label className="usa-checkbox__label" htmlFor="save-to-book">
          {t("address.saveToBook")}
        </label>
      </div>
    </StepForm>
  );
}
