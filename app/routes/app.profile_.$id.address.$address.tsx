import { getFormProps } from "@conform-to/react";
import { json, type ActionFunctionArgs, type AppLoadContext, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { Form } from "~/components/ui/busy";
import { SaveButtons } from "~/components/ui/SaveButtons";
import { useTranslation } from "~/i18n/react";
import { requireUser } from "~/auth/auth.server";
import { addressFieldLabels, AddressFields, EnterButton } from "~/components/AddressFields";
import { ConfirmAction, ConfirmPage } from "~/components/ui/ConfirmAction";
import { ErrorSummary } from "~/components/ui/ErrorSummary";
import { useAppForm } from "~/components/ui/useAppForm";
import { getLanguage } from "~/i18n/i18next.server";
import { deleteAddress, getAddress, saveAddress } from "~/models/address.server";
import { getLookupOptions } from "~/models/lookup.server";
import { mayEditProfile } from "~/models/policy";
import type { CurrentUser } from "~/models/user.server";
import { answerAddressSearch, NO_LOOKUP, readAddressIntent } from "~/components/address-form.server";
import { pageTitle, submitForm } from "~/components/ui/page.server";
import { AddressSchema } from "~/schemas/address";
import { redirectWithToast } from "~/services/toast.server";
import { addressText } from "~/utils/address";
import { idParam, notFound, route } from "~/utils/route.server";
import { pageMeta } from "~/components/title";

export const handle = { i18n: ["common", "profile"] };

/** The address id from the path, or null for "new". */
function addressParam(value: string | undefined): number | null {
  return value === "new" ? null : idParam(value);
}

/** The edit screen is the owner's alone: anyone else is answered as if it did not exist. */
async function requireOwner(request: Request, db: AppLoadContext["db"], idText: string | undefined) {
  const actor = await requireUser(request, db);
  const ownerId = idParam(idText);
  if (!mayEditProfile(actor, ownerId)) notFound();
  return { actor, ownerId };
}

export const meta = pageMeta;

export const loader = /* @__PURE__ */ route(async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { actor, ownerId } = await requireOwner(request, context.db, params.id);
  const addressId = addressParam(params.address);
  const db = context.db;
  const address = addressId === null ? null : await getAddress(db, actor, ownerId, addressId);
  const confirmDelete = address !== null && new URL(request.url).searchParams.has("delete");
  return json({
    title: await pageTitle(
      request,
      confirmDelete
        ? "profile:address.deleteTitle"
        : address
          ? "profile:address.editTitle"
          : "profile:address.addTitle",
    ),
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
});

/** What the address form's posts share: who asks, whose address, which (null for a new one), and the form. */
interface Act {
  request: Request;
  db: AppLoadContext["db"];
  actor: CurrentUser;
  ownerId: number;
  addressId: number | null;
  formData: FormData;
}

async function remove({ db, actor, ownerId, addressId }: Act) {
  if (addressId === null) notFound();
  await deleteAddress(db, actor, ownerId, addressId);
  return redirectWithToast(`/app/profile/${ownerId}`, { key: "toasts.addressDeleted" });
}

/** Saved, then back to the profile ("Save and continue", or Enter in a field) or to the address's own page ("Save"). */
async function save({ request, db, actor, ownerId, addressId, formData }: Act, intent: string) {
  const profileUrl = `/app/profile/${ownerId}`;
  return submitForm(
    request,
    formData,
    AddressSchema,
    async (value) => {
      const saved = await saveAddress(db, actor, ownerId, value, addressId);
      return redirectWithToast(intent === "saveAndContinue" ? profileUrl : `${profileUrl}/address/${saved.id}`, {
        key: "toasts.addressSaved",
      });
    },
    { data: NO_LOOKUP(formData) },
  );
}

export const action = /* @__PURE__ */ route(async function action({ request, params, context }: ActionFunctionArgs) {
  const { actor, ownerId } = await requireOwner(request, context.db, params.id);
  const formData = await request.formData();
  const act: Act = { request, db: context.db, actor, ownerId, addressId: addressParam(params.address), formData };
  const intent = readAddressIntent(formData, "saveAndContinue");
  if (intent === "delete") return remove(act);
  return (await answerAddressSearch(act.db, actor, formData, intent)) ?? save(act, intent);
});

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
        <strong>{addressText(address)}</strong>
      </p>
    </>
  );
}

function AddressForm() {
  const { address, ownerId, counties } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const { t } = useTranslation(["profile", "common"]);
  const profileUrl = `/app/profile/${ownerId}`;
  const { form, field, summary } = useAppForm({
    id: "address",
    schema: AddressSchema,
    defaultValue: address ?? undefined,
    labels: addressFieldLabels(t),
  });
  return (
    <div className="address-page">
      <h1>{t(address ? "address.editTitle" : "address.addTitle")}</h1>
      <p>
        <Link to={profileUrl}>{t("address.backToProfile")}</Link>
      </p>
      <ErrorSummary {...summary} />
      <Form method="post" {...getFormProps(form)} className="usa-form usa-form--large">
        <EnterButton label={t("address.saveAndContinue")} />
        <AddressFields form={form} field={field} counties={counties} result={result} />
        <SaveButtons
          continueIntent="saveAndContinue"
          continueLabel={t("address.saveAndContinue")}
          saveLabel={t("address.save")}
        >
          <Link to={profileUrl}>{t("address.cancel")}</Link>
        </SaveButtons>
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
