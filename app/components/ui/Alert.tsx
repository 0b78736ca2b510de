import type { ReactNode } from "react";

interface AlertProps {
  kind: "success" | "error" | "info" | "warning";
  heading?: ReactNode;
  headingLevel?: "h2" | "h3";
  slim?: boolean;
  /** "alert" interrupts a screen reader; use it for errors that appear after an action. */
  role?: "alert" | "status" | "region";
  id?: string;
  className?: string;
  children?: ReactNode;
}

export function Alert({ kind, heading, headingLevel = "h2", slim, role, id, className, children }: AlertProps) {
  const Heading = headingLevel;
  const classes = ["usa-alert", `usa-alert--${kind}`, slim ? "usa-alert--slim" : "", className ?? ""].filter(Boolean);
  return (
    <div
      className={classes.join(" ")}
      role={role}
      id={id}
      aria-label={role === "region" && typeof heading === "string" ? heading : undefined}
    >
      <div className="usa-alert__body">
        {heading ? <Heading className="usa-alert__heading">{heading}</Heading> : null}
        {typeof children === "string" ? (
          <p className="usa-alert__text">{children}</p>
        ) : (
          <div className="usa-alert__text">{children}</div>
        )}
      </div>
    </div>
  );
}
