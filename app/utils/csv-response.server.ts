import { toCsvLine } from "./csv";

type Cell = string | number | null | undefined;

/**
 * A list as a CSV download, streamed page by page (each page read only when the client is ready
 * for more): the byte-order mark that lets spreadsheet programs read accents, a header line,
 * then the rows. X-Total-Count lets the page show the share done.
 */
export function csvResponse<Row>({
  header,
  pages,
  cells,
  fileName,
  total,
}: {
  header: Cell[];
  pages: AsyncGenerator<Row[]>;
  cells: (page: Row[]) => Cell[][] | Promise<Cell[][]>;
  fileName: string;
  total: number;
}): Response {
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(encoder.encode(`\uFEFF${toCsvLine(header)}`));
    },
    async pull(controller) {
      const next = await pages.next();
      if (next.done) {
        controller.close();
        return;
      }
      controller.enqueue(encoder.encode((await cells(next.value)).map(toCsvLine).join("")));
    },
    async cancel() {
      await pages.return(undefined);
    },
  });
  return new Response(body, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${fileName}"`,
      "Cache-Control": "private, no-store",
      "X-Total-Count": String(total),
    },
  });
}
