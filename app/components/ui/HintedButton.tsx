import type { ButtonHTMLAttributes, ReactNode } from "react";
import { StatusButton } from "./busy";

/** A secondary button with a hint below it that says what it does, read as the button's description. */
export function HintedButton({
  hintId,
  hint,
  children,
  ...button
}: ButtonHTMLAttributes<HTMLButtonElement> & { hintId: string; hint: ReactNode }) {
  return (
    <>
      <StatusButton {...button} className="usa-button usa-button--outline" aria-describedby={hintId}>
        {children}
      </StatusButton>
      <span className="usa-hint hint-below" id={hintId}>
        {hint}
      </span>
    </>
  );
}
