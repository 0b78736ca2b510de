import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useEffect, useState } from "react";
import { useTranslation } from "~/i18n/react";
import { RadioGroup, TextField } from "~/components/ui/form";
import { useAppForm } from "~/components/ui/useAppForm";
import { getLookupOptions } from "~/models/lookup.server";
import { chooseRelationship } from "~/models/referral-answers.server";
import { loadStep, stepAction } from "~/wizard/step.server";
import { RelationshipSchema } from "~/schemas/referral";
import { answerOf, followUps, shownRelationship, shownSourceOther, type FollowUp } from "~/schemas/relationship";
import { StepForm } from "~/wizard/StepForm";
import { stepFormId } from "~/wizard/answers";
import { route } from "~/utils/route.server";
import { pageMeta } from "~/components/title";

export const handle = { i18n: ["common", "wizard"] };

export const meta = pageMeta;

export const loader = /* @__PURE__ */ route(async function loader({ request, params, context }: LoaderFunctionArgs) {
  const db = context.db;
  const { referral, language, title } = await loadStep(db, request, params, "relationship");
  return json({
    title,
    relationships: await getLookupOptions(db, "References", language),
    defaults: {
      referrerRelationship: shownRelationship({
        relationship: referral.referrer_relationship,
        sourceOther: referral.referral_source_other,
      }),
      familyApproval: answerOf(referral.family_approval) ?? "",
      isAudiologistScreening: answerOf(referral.is_audiologist_screening) ?? "",
      isHospitalBirth: answerOf(referral.is_hospital_birth) ?? "",
      isCAPTA: answerOf(referral.is_capta) ?? "",
      referralSourceOther: shownSourceOther({ sourceOther: referral.referral_source_other }) ?? "",
    },
  });
});

export const action = /* @__PURE__ */ route(async function action({ request, params, context }: ActionFunctionArgs) {
  return stepAction({
    db: context.db,
    request,
    params,
    step: "relationship",
    schema: RelationshipSchema,
    // Only the answers to questions the page showed (those of `askedFor`); the model keeps of them those the
    // relationship
    // chosen asks (R50, R150).
    answers: (value) => {
      const shown = followUps(value.askedFor);
      const answer = (question: FollowUp) => (shown.includes(question) ? (value[question] ?? null) : null);
      return {
        referrerRelationship: value.referrerRelationship,
        familyApproval: answer("familyApproval") as "yes" | "no" | null,
        isAudiologistScreening: answer("isAudiologistScreening") as "yes" | "no" | null,
        isHospitalBirth: answer("isHospitalBirth") as "yes" | "no" | null,
        isCAPTA: answer("isCAPTA") as "yes" | "no" | null,
        referralSourceOther: answer("referralSourceOther"),
      };
    },
    save: async (actor, ids, answers) => {
      const { unanswered } = await chooseRelationship(context.db, actor, ids, {
        ...answers,
        referrerRelationship: answers.referrerRelationship ?? "",
      });
      return { askAgain: unanswered.length > 0 };
    },
  });
});

export default function RelationshipStep() {
  const { relationships, defaults } = useLoaderData<typeof loader>();
  const { t } = useTranslation(["wizard", "common"]);
  const { form, fields, field, summary } = useAppForm({
    id: stepFormId("relationship"),
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
  // Relationship first (R150). Without JavaScript follow-ups are those of the saved relationship (none at first); with
  // it, they follow the choice and reset on change. `askedFor` tells the action which were shown.
  const saved = defaults.referrerRelationship;
  const [chosen, setChosen] = useState(
    typeof fields.referrerRelationship.initialValue === "string" ? fields.referrerRelationship.initialValue : saved,
  );
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const askedFor = hydrated ? chosen : saved;
  const asked = followUps(askedFor);
  const yesNoOptions = [
    { value: "yes", label: t("common:form.yes") },
    { value: "no", label: t("common:form.no") },
  ];
  return (
    <StepForm form={form} title={t("steps.relationship.title")} summary={summary}>
      <input type="hidden" name={fields.askedFor.name} value={askedFor} />
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
      {asked.includes("familyApproval") ? <RadioGroup {...field("familyApproval")} options={yesNoOptions} /> : null}
      {asked.includes("isAudiologistScreening") ? (
        <RadioGroup {...field("isAudiologistScreening")} options={yesNoOptions} />
      ) : null}
      {asked.includes("isHospitalBirth") ? <RadioGroup {...field("isHospitalBirth")} options={yesNoOptions} /> : null}
      {asked.includes("isCAPTA") ? <RadioGroup {...field("isCAPTA")} options={yesNoOptions} /> : null}
      {asked.includes("referralSourceOther") ? <TextField {...field("referralSourceOther")} /> : null}
    </StepForm>
  );
}

const FOLLOW_UPS: FollowUp[] = [
  "familyApproval",
  "isAudiologistScreening",
  "isHospitalBirth",
  "isCAPTA",
  "referralSourceOther",
];
