import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { addressFieldLabels, AddressFields, EnterButton } from "~/components/AddressFields";
import { RadioGroup } from "~/components/ui/form";
import { useAppForm } from "~/components/ui/useAppForm";
import { listAddressBook } from "~/models/address.server";
import { getLookupOptions } from "~/models/lookup.server";
import { getReferralAddress, setReferralAddress } from "~/models/referral-address.server";
import { answerAddressSearch, NO_LOOKUP, readAddressIntent } from "~/components/address-form.server";
import { submitForm } from "~/components/ui/page.server";
import type { CurrentUser } from "~/models/user.server";
import type { WizardIds } from "~/wizard/steps";
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

/** What the step's posts share: who asks, whose referral, and the form. */
interface Act {
  request: Request;
  db: ActionFunctionArgs["context"]["db"];
  actor: CurrentUser;
  ids: WizardIds;
  formData: FormData;
}

/** The address kept for the referral: one of the person's book, or the one typed (added to the book when asked). */
async function save({ request, db, actor, ids, formData }: Act, intent: string) {
  return submitForm(
    request,
    formData,
    ChildAddressSchema,
    async (value) => {
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
      return redirectWithToast(afterSave(request, ids, "address", intent === "continue"), {
        key: "toasts.referralUpdated",
      });
    },
    { data: NO_LOOKUP(formData) },
  );
}

export const action = /* @__PURE__ */ route(async function action({ request, params, context }: ActionFunctionArgs) {
  const { actor, ids } = await draftToWrite(context.db, request, params);
  const formData = await request.formData();
  const act: Act = { request, db: context.db, actor, ids, formData };
  const intent = readAddressIntent(formData, "continue");
  return (await answerAddressSearch(act.db, actor, formData, intent)) ?? save(act, intent);
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
