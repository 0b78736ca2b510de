import { singleton } from "~/utils/singleton.server";

// Work done while stopping, after requests end (the last spans). Once per process: entry and parts are bundled apart.

const tasks = singleton("before-exit", () => [] as Array<() => Promise<unknown>>);

export function beforeExit(task: () => Promise<unknown>) {
  tasks.push(task);
}

/** Exits with `code` once the work asked for is done, or `limitMs` has passed, whichever comes first. */
export function exitAfterTasks(code: number, limitMs = 1000) {
  const limit = new Promise((resolve) => setTimeout(resolve, limitMs).unref());
  void Promise.race([Promise.all(tasks.map((task) => task().catch(() => undefined))), limit]).finally(() =>
    process.exit(code),
  );
}
