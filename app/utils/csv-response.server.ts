import { toCsvLine } from "./csv";

export type CsvCell = string | number | null | undefined;

/** A list as CSV: its heading line, how many rows it has, and its rows, read page by page. */
export interface CsvPages {
  header: CsvCell[];
  total: number;
  pages: AsyncGenerator<CsvCell[][]>;
}

/** Pages of rows as pages of cells, each page read only when the one before has been written. */
export async function* cellPages<Row>(
  pages: AsyncGenerator<Row[]>,
  cells: (page: Row[]) => CsvCell[][] | Promise<CsvCell[][]>,
): AsyncGenerator<CsvCell[][]> {
  for await (const page of pages) yield await cells(page);
}

/**
 * A streamed CSV, each page read when the client wants more. The BOM lets spreadsheets read accents; X-Total-Count
 * lets the page show progress.
 */
export function csvResponse({ header, pages, fileName, total }: CsvPages & { fileName: string }): Response {
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
      controller.enqueue(encoder.encode(next.value.map(toCsvLine).join("")));
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
