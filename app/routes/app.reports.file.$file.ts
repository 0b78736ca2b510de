import { createReadStream } from "node:fs";
import { Readable } from "node:stream";
import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireProgram } from "~/auth/auth.server";
import { reportFile } from "~/models/report.server";
import { contentDisposition } from "~/services/uploads.server";
import { route } from "~/utils/route.server";

const TYPES = {
  csv: "text/csv; charset=utf-8",
  xlsx: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
};

/** A kept report, for administrators only, as a download. */
export const loader = /* @__PURE__ */ route(async function loader({ request, params, context }: LoaderFunctionArgs) {
  const actor = await requireProgram(request, context.db);
  const fileName = params.file ?? "";
  const { file, size, format } = await reportFile(context.db, actor, fileName);
  return new Response(Readable.toWeb(createReadStream(file)) as ReadableStream<Uint8Array>, {
    headers: {
      "Content-Type": TYPES[format],
      "Content-Length": String(size),
      "Content-Disposition": contentDisposition(fileName),
      "Cache-Control": "private, no-store",
    },
  });
});
