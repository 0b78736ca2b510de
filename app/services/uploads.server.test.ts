import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { UPLOAD_LIMIT_BYTES, formatFileSize } from "~/utils/upload";
import type * as Uploads from "./uploads.server";

// The upload reader against real multipart bodies streamed in chunks, writing to a real folder.

let dataDir: string;
let uploads: typeof Uploads;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), "referral-uploads-"));
  process.env.DATA_DIR = dataDir;
  uploads = await import("./uploads.server");
  (await import("~/config.server")).getConfig(); // makes the data folders
});
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const stored = () => readdirSync(path.join(dataDir, "uploads"));
beforeEach(() => {
  for (const name of stored()) rmSync(path.join(dataDir, "uploads", name));
});

const PDF = Buffer.from("%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\ntrailer << >>\n%%EOF\n");
const JPEG = Buffer.concat([
  Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]),
  Buffer.from("JFIF\0\x01\x01\0\0\x01\0\x01\0\0"),
  Buffer.alloc(64, 7),
]);

/**
 * A multipart body of text fields and one file whose bytes are produced as they are read, in
 * 64 KB chunks, so a 30 MB file is never held whole by the test either. `read` counts what the
 * reader has pulled; past `stallAfter` bytes the body waits until `release` is called.
 */
function multipart(
  {
    fields = {},
    fileName,
    head = PDF,
    size,
  }: { fields?: Record<string, string>; fileName: string; head?: Buffer; size?: number },
  stallAfter = Infinity,
) {
  const boundary = "----referral-test-boundary";
  const total = size ?? head.length;
  const before = Buffer.from(
    Object.entries(fields)
      .map(([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`)
      .join("") +
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
  );
  const after = Buffer.from(`\r\n--${boundary}--\r\n`);
  const length = before.length + total + after.length;
  let sent = 0;
  let fileSent = 0;
  let release: () => void = () => undefined;
  const gate = new Promise<void>((resolve) => (release = resolve));
  const counter = { read: 0 };
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (sent > stallAfter) await gate;
      let chunk: Buffer;
      if (sent === 0) chunk = before;
      else if (fileSent < total) {
        const n = Math.min(64 * 1024, total - fileSent);
        chunk =
          fileSent === 0
            ? Buffer.concat([head, Buffer.alloc(Math.max(0, n - head.length), 0x20)]).subarray(0, n)
            : Buffer.alloc(n, 0x20);
        fileSent += n;
      } else if (sent < length) chunk = after;
      else return controller.close();
      sent += chunk.length;
      counter.read = sent;
      controller.enqueue(new Uint8Array(chunk));
    },
  });
  const request = new Request("http://localhost/upload", {
    method: "POST",
    headers: { "Content-Type": `multipart/form-data; boundary=${boundary}`, "Content-Length": String(length) },
    body,
    duplex: "half",
  } as RequestInit);
  return { request, counter, length, release: () => release() };
}

describe("the file kinds accepted (from the first bytes)", () => {
  it("knows each kind of the allow-list", () => {
    const { sniffKind } = uploads;
    expect(sniffKind(PDF, "a.pdf")).toBe("pdf");
    expect(sniffKind(JPEG, "photo.jpg")).toBe("jpeg");
    expect(sniffKind(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0]), "x.png")).toBe("png");
    expect(sniffKind(Buffer.from("GIF89a......"), "x.gif")).toBe("gif");
    expect(sniffKind(Buffer.from([0x49, 0x49, 0x2a, 0x00, 8, 0]), "scan.tif")).toBe("tiff");
    expect(sniffKind(Buffer.from("\0\0\0\x18ftypheic\0\0\0\0"), "IMG_0001.HEIC")).toBe("heic");
    expect(sniffKind(Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), "letter.doc")).toBe("doc");
    expect(sniffKind(Buffer.from("PK\x03\x04\x14\0\x06\0"), "letter.docx")).toBe("docx");
  });

  it("refuses what only claims to be one: HTML named .pdf, a ZIP or a spreadsheet named otherwise", () => {
    const { sniffKind } = uploads;
    expect(sniffKind(Buffer.from("<!doctype html><script>alert(1)</script>"), "x.pdf")).toBeNull();
    expect(sniffKind(Buffer.from("PK\x03\x04\x14\0\x06\0"), "archive.zip")).toBeNull();
    expect(sniffKind(Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), "book.xls")).toBeNull();
    expect(sniffKind(Buffer.from("MZ\x90\0"), "setup.exe")).toBeNull();
  });
});

describe("file names", () => {
  it("keep no folders, no control or header-breaking characters, and something to show", () => {
    const { safeFileName } = uploads;
    expect(safeFileName("../../etc/passwd")).toBe("passwd");
    expect(safeFileName("..\\..\\windows\\system.ini")).toBe("system.ini");
    expect(safeFileName('evil"\r\nX-Header: 1;.pdf')).toBe("evilX-Header 1.pdf");
    expect(safeFileName("...")).toBe("document");
    expect(safeFileName("Evaluación de audición.pdf")).toBe("Evaluación de audición.pdf");
    expect(safeFileName(`${"a".repeat(300)}.pdf`)).toHaveLength(150);
    expect(safeFileName(`${"a".repeat(300)}.pdf`).endsWith(".pdf")).toBe(true);
  });

  it("are sent back as an attachment, ASCII for old clients and UTF-8 for the rest", () => {
    expect(uploads.contentDisposition("Evaluación.pdf")).toBe(
      "attachment; filename=\"Evaluacion.pdf\"; filename*=UTF-8''Evaluaci%C3%B3n.pdf",
    );
  });

  it("sizes read as people read them, rounded up past the limit", () => {
    expect(formatFileSize(UPLOAD_LIMIT_BYTES + 1, "en")).toBe("30.1 MB");
    expect(formatFileSize(Math.floor(29.9 * 1024 * 1024), "en")).toBe("29.9 MB");
    expect(formatFileSize(2000, "es")).toBe("2 KB");
  });
});

describe("reading an upload", () => {
  it("stores the file under a random name in DATA_DIR/uploads, byte for byte, with the text fields", async () => {
    const { request } = multipart({
      fields: { description: "Hearing screening", from: "documents" },
      fileName: "../../screening.pdf",
    });
    const { fields, file } = await uploads.parseUpload(request);
    expect(fields.get("description")).toBe("Hearing screening");
    expect(file).toMatchObject({
      fileName: "screening.pdf",
      kind: "pdf",
      contentType: "application/pdf",
      size: PDF.length,
    });
    expect(stored()).toEqual([file!.storedName]);
    expect(file!.storedName).toMatch(/^[0-9a-f-]{36}$/);
    expect(readFileSync(path.join(dataDir, "uploads", file!.storedName))).toEqual(PDF);
  });

  it("keeps a file under a temporary name while it arrives, so another instance sharing the folder never sees half of it (R122)", async () => {
    const size = 3 * 1024 * 1024;
    const body = multipart({ fileName: "scan.jpg", head: JPEG, size }, 1024 * 1024);
    const parsing = uploads.parseUpload(body.request);
    await expect.poll(() => stored().length).toBe(1);
    const [arriving] = stored();
    expect(arriving).toMatch(/^[0-9a-f-]{36}\.part-[0-9a-f]{8}$/);
    expect((await uploads.listStoredFiles()).map((file) => file.storedName)).toEqual([]);
    body.release();
    const { file } = await parsing;
    expect(stored()).toEqual([file!.storedName]);
    expect(arriving.startsWith(file!.storedName)).toBe(true);
  });

  it("stores a 29.9 MB file", async () => {
    const size = Math.floor(29.9 * 1024 * 1024);
    const { request } = multipart({ fileName: "big.jpg", head: JPEG, size });
    const { file } = await uploads.parseUpload(request);
    expect(file).toMatchObject({ kind: "jpeg", size });
    expect(stored()).toHaveLength(1);
  });

  it("refuses 30 MB + 1 byte while streaming, before the body is all read, and keeps nothing", async () => {
    // The body stalls 1 MB past the limit: the refusal cannot wait for the rest of it.
    const body = multipart(
      { fields: { description: "Too big" }, fileName: "big.pdf", size: UPLOAD_LIMIT_BYTES + 1 },
      UPLOAD_LIMIT_BYTES + 1024 * 1024,
    );
    const refused = await uploads.parseUpload(body.request).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(uploads.UploadRefusedError);
    const { reason, fields } = refused as InstanceType<typeof uploads.UploadRefusedError>;
    expect(reason).toBeInstanceOf(uploads.FileTooLargeError);
    expect((reason as InstanceType<typeof uploads.FileTooLargeError>).size).toBe(body.length);
    expect(fields.get("description")).toBe("Too big");
    expect(stored()).toEqual([]);
    body.release();
  });

  it("refuses a file named x.pdf whose bytes are HTML, and keeps nothing", async () => {
    const { request } = multipart({
      fileName: "x.pdf",
      head: Buffer.from("<html><body><script>alert(document.cookie)</script></body></html>"),
    });
    const refused = await uploads.parseUpload(request).catch((error: unknown) => error);
    expect((refused as InstanceType<typeof uploads.UploadRefusedError>).reason).toMatchObject({ reason: "type" });
    expect(stored()).toEqual([]);
  });

  it("refuses an empty file, and reads no file when none was chosen", async () => {
    const empty = await uploads
      .parseUpload(multipart({ fileName: "blank.pdf", head: Buffer.alloc(0) }).request)
      .catch((error: unknown) => error);
    expect((empty as InstanceType<typeof uploads.UploadRefusedError>).reason).toMatchObject({ reason: "empty" });
    const none = await uploads.parseUpload(
      multipart({ fields: { description: "x" }, fileName: "", head: Buffer.alloc(0) }).request,
    );
    expect(none.file).toBeNull();
    expect(stored()).toEqual([]);
  });

  it("takes one file a request: a second is refused before a byte of it is kept, and the first is removed", async () => {
    const boundary = "----two-files";
    const head = (name: string) =>
      new TextEncoder().encode(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/pdf\r\n\r\n`,
      );
    // The second file is 10 MB, sent 64 KB at a time: it must be refused at its first bytes, not read (and kept) whole.
    const chunks: Uint8Array[] = [head("one.pdf"), PDF, new TextEncoder().encode("\r\n"), head("two.pdf"), PDF];
    for (let sent = 0; sent < 10 * 1024 * 1024; sent += 64 * 1024) chunks.push(new Uint8Array(64 * 1024).fill(0x20));
    chunks.push(new TextEncoder().encode(`\r\n--${boundary}--\r\n`));
    let pulled = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        const chunk = chunks[pulled++];
        if (chunk) controller.enqueue(chunk);
        else controller.close();
      },
    });
    const request = new Request("http://localhost/upload", {
      method: "POST",
      headers: { "Content-Type": `multipart/form-data; boundary=${boundary}` },
      body,
      duplex: "half",
    } as RequestInit);
    const refused = await uploads.parseUpload(request).catch((error: unknown) => error);
    const pulledWhenRefused = pulled;
    expect(refused).toBeInstanceOf(uploads.BadUploadError);
    expect(pulledWhenRefused).toBeLessThan(20);
    expect(stored()).toEqual([]);
  });

  it("refuses a body that says it holds more than one file and its form's fields before reading any of it", async () => {
    let pulled = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled += 1;
        if (pulled > 64) controller.close();
        else controller.enqueue(new Uint8Array(1024));
      },
    });
    const request = new Request("http://localhost/upload", {
      method: "POST",
      headers: { "Content-Type": "multipart/form-data; boundary=x", "Content-Length": String(3 * UPLOAD_LIMIT_BYTES) },
      body,
      duplex: "half",
    } as RequestInit);
    const refused = await uploads.parseUpload(request).catch((error: unknown) => error);
    expect((refused as InstanceType<typeof uploads.UploadRefusedError>).reason).toBeInstanceOf(
      uploads.FileTooLargeError,
    );
    expect(stored()).toEqual([]);
    // Refused on what it said, before the parser read any of it (what follows is read into nothing).
    expect(pulled).toBeLessThan(8);
  });

  it("refuses a body that is not a multipart form", async () => {
    const request = new Request("http://localhost/upload", {
      method: "POST",
      body: "description=x",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
    });
    await expect(uploads.parseUpload(request)).rejects.toBeInstanceOf(uploads.BadUploadError);
  });
});
