import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useEffect, useState } from "react";
import { useTranslation } from "~/i18n/react";
import { RadioGroup, TextField } from "~/components/ui/form";
import { useAppForm } from "~/components/ui/useAppForm";
import { getLookupOptions } from "~/models/lookup.server";
import { loadStep, stepAction } from "~/wizard/step.server";
import { RelationshipSchema } from "~/schemas/referral";
import { answerOf, followUps, shownRelationship, shownSourceOther, type FollowUp } from "~/schemas/relationship";
import { StepForm } from "~/wizard/StepForm";

export const handle = { i18n: ["common", "wizard"] };

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const db = context.db;
  const { referral, language, title } = await loadStep(db, request, params, "relationship");
  return json({
    title,
    relationships: await getLookupOptions(db, "References", language),
    defaults: {
      referrerRelationship: shownRelationship({ relationship: referral.referrer_relationship, sourceOther: referral.referral_source_other }),
      familyApproval: answerOf(referral.family_approval) ?? "",
      isAudiologistScreening: answerOf(referral.is_audiologist_screening) ?? "",
      isHospitalBirth: answerOf(referral.is_hospital_birth) ?? "",
      isCAPTA: answerOf(referral.is_capta) ?? "",
      referralSourceOther: shownSourceOther({ sourceOther: referral.referral_source_other }) ?? "",
    },
  });
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  return stepAction({
    db: context.db,
    request,
    params,
    step: "relationship",
    schema: RelationshipSchema,
    answers: (value) => ({
      referrerRelationship: value.referrerRelationship,
      familyApproval: value.familyApproval ?? null,
      isAudiologistScreening: value.isAudiologistScreening ?? null,
      isHospitalBirth: value.isHospitalBirth ?? null,
      isCAPTA: value.isCAPTA ?? null,
      referralSourceOther: value.referralSourceOther ?? null,
    }),
  });
}

const FOLLOW_UPS: FollowUp[] = ["familyApproval", "isAudiologistScreening", "isHospitalBirth", "isCAPTA", "referralSourceOther"];

export default function RelationshipStep() {
  const { relationships, defaults } = useLoaderData<typeof loader>();
  const { t } = useTranslation(["wizard", "common"]);
  const { form, fields, field, summary } = useAppForm({
    id: "relationship",
    schema: RelationshipSchema,
    defaultValue: defaults,
    labels: {
      referrerRelationship: t("relationship.label"),
      familyApproval: t("relationship.familyApproval"),
      isAudiologistScreening: t("relationship.isAudiologistScreening"),
      isHospitalBirth: t("relationship.isHospitalBirth"),
      isCAPTA: t("relationship.isCAPTA"),
      referralSourceOther: t("relationship.referralSourceOther"),
    },
  });
  const [chosen, setChosen] = useState(typeof fields.referrerRelationship.initialValue === "string" ? fields.referrerRelationship.initialValue : "");
  // Without JavaScript every follow-up question shows, each saying whom it is for; with it, only
  // those the chosen relationship asks, emptied whenever the choice changes.
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const asked = hydrated ? followUps(chosen) : FOLLOW_UPS;
  const yesNoOptions = [
    { value: "yes", label: t("common:form.yes") },
    { value: "no", label: t("common:form.no") },
  ];
  return (
    <StepForm form={form} title={t("steps.relationship.title")} summary={summary}>
      <div
        onChange={(event) => {
          const target = event.target as HTMLInputElement;
          if (target.name !== fields.referrerRelationship.name) return;
          setChosen(target.value);
          for (const question of FOLLOW_UPS) form.update({ name: fields[question].name, value: "" });
        }}
      >
        <RadioGroup {...field("referrerRelationship")} options={relationships} />
      </div>
      {asked.includes("familyApproval") ? (
        <RadioGroup {...field("familyApproval")} hint={hydrated ? undefined : t("relationship.familyApprovalHint")} options={yesNoOptions} />
      ) : null}
      {asked.includes("isAudiologistScreening") ? (
        <RadioGroup {...field("isAudiologistScreening")} hint={hydrated ? undefined : t("relationship.onlyAudiologist")} options={yesNoOptions} />
      ) : null}
      {asked.includes("isHospitalBirth") ? (
        <RadioGroup {...field("isHospitalBirth")} hint={hydrated ? undefined : t("relationship.onlyHospital")} options={yesNoOptions} />
      ) : null}
      {asked.includes("isCAPTA") ? (
        <RadioGroup {...field("isCAPTA")} hint={hydrated ? undefined : t("relationship.onlySocialServices")} options={yesNoOptions} />
      ) : null}
      {asked.includes("referralSourceOther") ? <TextField {...field("referralSourceOther")} hint={hydrated ? undefined : t("relationship.onlyOther")} /> : null}
    </StepForm>
  );
}
