import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { reviewHref, wizardBase } from "~/utils/wizard-paths";
import { WIZARD_FORMS, WIZARD_FRAME, WIZARD_STEPS, WIZARD_SUBMITTED } from "./step-table";

const app = path.join(process.cwd(), "app");
const files: string[] = [WIZARD_FRAME, ...WIZARD_STEPS, ...WIZARD_FORMS, WIZARD_SUBMITTED].map((page) => page.file);

describe("the step table (remix.config.js defines the wizard's routes from it)", () => {
  it("names route modules that exist, each once", () => {
    expect(files.filter((file) => !existsSync(path.join(app, file)))).toEqual([]);
    expect(new Set(files).size).toBe(files.length);
  });

  it("names every module of app/wizard/steps, which would otherwise be no route at all", () => {
    const modules = readdirSync(path.join(app, "wizard/steps"))
      .filter((file) => !/\.test\.tsx?$/.test(file))
      .map((file) => `wizard/steps/${file}`);
    expect(modules.filter((file) => !files.includes(file))).toEqual([]);
  });

  it("gives every page its own address", () => {
    const paths = [...WIZARD_STEPS, ...WIZARD_FORMS, WIZARD_SUBMITTED].map((page) => page.path);
    expect(new Set(paths).size).toBe(paths.length);
  });

  it("agrees with app/utils/wizard-paths.ts, where the models find the base and the review", () => {
    const ids = { child: 1, referral: 2, user: 3 };
    expect(wizardBase(ids)).toBe(
      `/app/${WIZARD_FRAME.path.replace(":child", "1").replace(":referral", "2").replace(":user", "3")}`,
    );
    expect(reviewHref(ids)).toBe(`${wizardBase(ids)}/${WIZARD_STEPS.find((step) => step.key === "review")!.path}`);
  });
});
