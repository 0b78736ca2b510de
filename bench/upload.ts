import { performance } from "node:perf_hooks";
import { watchMemory } from "./processes";
import type { BenchServer } from "./wizard";

// The server's memory while it receives a 30 MB upload (issue: it must not hold the whole file):
// its resident set (VmRSS) sampled every 5 ms during the upload, and its high-water mark (VmHWM,
// reset first through /proc/<pid>/clear_refs), against the same process at rest just before: of each process,
// the one that took the upload reported (bench/processes.ts).

const MB = 1024 * 1024;
const LIMIT = 30 * MB;

/** A multipart body whose file part is made as it is sent, in 64 KB chunks. */
function body(boundary: string, size: number): { stream: ReadableStream<Uint8Array>; length: number } {
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="description"\r\n\r\nBench upload\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="bench.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.7\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const fileRest = size - 9;
  let sent = 0;
  let stage = 0;
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (stage === 0) {
        controller.enqueue(new Uint8Array(head));
        stage = 1;
      } else if (stage === 1) {
        const n = Math.min(64 * 1024, fileRest - sent);
        controller.enqueue(new Uint8Array(Buffer.alloc(n, 0x41 + (sent % 26))));
        sent += n;
        if (sent >= fileRest) stage = 2;
      } else if (stage === 2) {
        controller.enqueue(new Uint8Array(tail));
        stage = 3;
      } else controller.close();
    },
  });
  return { stream, length: head.length + fileRest + tail.length };
}

export interface UploadFigures {
  label: string;
  fileBytes: number;
  status: number;
  ms: number;
  restRss: number;
  sampledPeakRss: number;
  highWaterMark: number | null;
}

/** Posts `count` uploads of `size` bytes at once, each to its own client's Draft, and watches the server. */
async function upload(server: BenchServer, label: string, size: number, count = 1): Promise<UploadFigures> {
  let ms = 0;
  const { result: statuses, growth } = await watchMemory(server.pid, 5, async () => {
    const start = performance.now();
    const answered = await Promise.all(
      server.clients.slice(0, count).map(async (client) => {
        const wizard = client.path.replace(/\/child-information\/language$/, "");
        const boundary = "----bench-boundary";
        const { stream, length } = body(boundary, size);
        const response = await fetch(`${server.base}${wizard}/supporting-documentation/new`, {
          method: "POST",
          body: stream,
          redirect: "manual",
          headers: {
            Cookie: client.cookie,
            Origin: server.base,
            "Content-Type": `multipart/form-data; boundary=${boundary}`,
            "Content-Length": String(length),
          },
          duplex: "half",
        } as RequestInit);
        await response.text();
        return response.status;
      }),
    );
    ms = performance.now() - start;
    return answered;
  });
  return {
    label,
    fileBytes: size * count,
    status: statuses[0],
    ms,
    restRss: growth.rest,
    sampledPeakRss: growth.peak,
    highWaterMark: growth.highWaterMark ? growth.peak : null,
  };
}

/**
 * After two unmeasured uploads (the route's code compiled, the allocator at its working size):
 * one 29.9 MB upload (stored), one of 30 MB + 1 byte (refused), then four 29.9 MB uploads at once,
 * which would need 120 MB more if each file were held whole.
 */
export async function benchUpload(server: BenchServer): Promise<UploadFigures[]> {
  await upload(server, "warm-up", 100_000);
  await upload(server, "warm-up", Math.floor(29.9 * MB));
  return [
    await upload(server, "29.9 MB (stored)", Math.floor(29.9 * MB)),
    await upload(server, "30 MB + 1 byte (refused)", LIMIT + 1),
    await upload(server, "4 × 29.9 MB at once (stored)", Math.floor(29.9 * MB), 4),
  ];
}
