import type { ReactNode } from "react";
import { StatusButton } from "./busy";

/**
 * A form's two saves: the first (`continueIntent`) goes on, "save" stays on the page. `form` ties them to their form
 * where they stand outside it; `children` follow them (a cancel link).
 */
export function SaveButtons({
  continueIntent,
  continueLabel,
  saveLabel,
  form,
  children,
}: {
  continueIntent: string;
  continueLabel: string;
  saveLabel: string;
  form?: string;
  children?: ReactNode;
}) {
  return (
    <div className="form-actions">
      <StatusButton form={form} name="intent" value={continueIntent} className="usa-button">
        {continueLabel}
      </StatusButton>
      <StatusButton form={form} name="intent" value="save" className="usa-button usa-button--outline">
        {saveLabel}
      </StatusButton>
      {children}
    </div>
  );
}
