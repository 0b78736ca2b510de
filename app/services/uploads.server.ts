import { randomUUID } from "node:crypto";
import { createReadStream, createWriteStream } from "node:fs";
import { readdir, rm, stat } from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { unstable_parseMultipartFormData } from "@remix-run/node";
import { getConfig } from "~/config.server";
import { commitPart, partNameFor, sweepPartFiles } from "~/utils/files.server";
import { UPLOAD_LIMIT_BYTES } from "~/utils/upload";

// Referral uploads (docs/architecture.md): streamed, never held whole, refused past 30 MB mid-stream, typed by their
// first bytes, kept under DATA_DIR/uploads with random names (never in public/).

/** What a stored file is, from its first bytes: the allow-list of R64. */
export type FileKind = "pdf" | "jpeg" | "png" | "gif" | "tiff" | "heic" | "doc" | "docx";

export const CONTENT_TYPES: Record<FileKind, string> = {
  pdf: "application/pdf",
  jpeg: "image/jpeg",
  png: "image/png",
  gif: "image/gif",
  tiff: "image/tiff",
  heic: "image/heic",
  doc: "application/msword",
  docx: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
};

/** Bytes needed to tell the kind. */
const SNIFF_BYTES = 16;
const HEIF_BRANDS = new Set(["heic", "heix", "hevc", "hevx", "heim", "heis", "hevm", "hevs", "mif1", "msf1"]);

const startsWith = (bytes: Uint8Array, signature: number[], offset = 0) =>
  signature.every((byte, i) => bytes[offset + i] === byte);
const ascii = (bytes: Uint8Array, from: number, to: number) => String.fromCharCode(...bytes.subarray(from, to));

/** The kind from the first bytes, or null. Word's formats share containers (OLE, ZIP), so they also need the name. */
export function sniffKind(head: Uint8Array, fileName: string): FileKind | null {
  const extension = path.extname(fileName).toLowerCase();
  if (ascii(head, 0, 5) === "%PDF-") return "pdf";
  if (startsWith(head, [0xff, 0xd8, 0xff])) return "jpeg";
  if (startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return "png";
  if (ascii(head, 0, 6) === "GIF87a" || ascii(head, 0, 6) === "GIF89a") return "gif";
  if (startsWith(head, [0x49, 0x49, 0x2a, 0x00]) || startsWith(head, [0x4d, 0x4d, 0x00, 0x2a])) return "tiff";
  if (ascii(head, 4, 8) === "ftyp" && HEIF_BRANDS.has(ascii(head, 8, 12))) return "heic";
  if (startsWith(head, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]) && extension === ".doc") return "doc";
  if (startsWith(head, [0x50, 0x4b, 0x03, 0x04]) && extension === ".docx") return "docx";
  return null;
}

/** A name safe to keep and send: no slashes, control or header-breaking characters, at most 150; else "document". */
export function safeFileName(name: string): string {
  const base = name.split(/[/\\]/).pop() ?? "";
  const cleaned = base
    .normalize("NFC")
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f"<>:|?*;]/g, "")
    .replace(/^[.\s]+/, "")
    .trim();
  if (!cleaned) return "document";
  if (cleaned.length <= 150) return cleaned;
  const extension = path.extname(cleaned).slice(0, 10);
  return cleaned.slice(0, 150 - extension.length) + extension;
}

/** A file written to the uploads folder, not yet recorded: remove it if the save does not happen. */
export interface StoredFile {
  /** The random name inside DATA_DIR/uploads. */
  storedName: string;
  fileName: string;
  kind: FileKind;
  contentType: string;
  size: number;
}

/** The request body is over the limit: nothing was kept. `size` is the body's size when it said. */
export class FileTooLargeError extends Error {
  name = "FileTooLargeError";
  constructor(readonly size: number | null) {
    super("file too large");
  }
}

/** The file is empty, or its first bytes are not one of the accepted kinds: nothing was kept. */
export class UnsupportedFileError extends Error {
  name = "UnsupportedFileError";
  constructor(readonly reason: "type" | "empty") {
    super(reason === "empty" ? "empty file" : "file type not accepted");
  }
}

/** The body is not a multipart form, or ended part-way. */
export class BadUploadError extends Error {
  name = "BadUploadError";
}

const STORED_NAME = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

function uploadsDir(): string {
  return getConfig().uploadsDir;
}

function storedPath(storedName: string): string {
  if (!STORED_NAME.test(storedName)) throw new Error("not a stored file name");
  return path.join(uploadsDir(), storedName);
}

/** The stored files (random names only) with their last change, for the start-up sweep. */
export async function listStoredFiles(): Promise<Array<{ storedName: string; modifiedMs: number }>> {
  const names = (await readdir(uploadsDir())).filter((name) => STORED_NAME.test(name));
  const files = await Promise.all(
    names.map(async (storedName) => ({
      storedName,
      modifiedMs: (await stat(path.join(uploadsDir(), storedName)).catch(() => null))?.mtimeMs ?? null,
    })),
  );
  return files.filter((file): file is { storedName: string; modifiedMs: number } => file.modifiedMs !== null);
}

/** Removes what uploads cut short by a stop left in the folder, last written over `olderThanMs` ago. */
export function sweepUnfinishedUploads(olderThanMs: number, now?: number): Promise<number> {
  return sweepPartFiles(uploadsDir(), olderThanMs, now);
}

export async function removeStoredFiles(storedNames: Array<string | null | undefined>): Promise<void> {
  await Promise.all(
    storedNames.filter((name): name is string => Boolean(name)).map((name) => rm(storedPath(name), { force: true })),
  );
}

/** A download's Content-Disposition (RFC 6266): an ASCII name for old clients, the real one in UTF-8. */
export function contentDisposition(fileName: string): string {
  const ascii =
    fileName
      .normalize("NFKD")
      .replace(/[^\x20-\x7e]/g, "")
      .replace(/["\\%]/g, "_") || "document";
  const encoded = encodeURIComponent(fileName).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

/** A stored file as an attachment, never inline; missing is 404. nosniff comes from app/server/security.ts. */
export async function downloadResponse(document: {
  storedName: string;
  fileName: string;
  contentType: string;
}): Promise<Response> {
  let file: Awaited<ReturnType<typeof openStoredFile>>;
  try {
    file = await openStoredFile(document.storedName);
  } catch {
    throw new Response(JSON.stringify({ message: "Not found" }), {
      status: 404,
      headers: { "Content-Type": "application/json" },
    });
  }
  return new Response(file.body, {
    headers: {
      "Content-Type": document.contentType,
      "Content-Length": String(file.size),
      "Content-Disposition": contentDisposition(document.fileName),
      "Cache-Control": "private, no-store",
    },
  });
}

export async function openStoredFile(storedName: string): Promise<{ body: ReadableStream<Uint8Array>; size: number }> {
  const file = storedPath(storedName);
  const { size } = await stat(file);
  return { body: Readable.toWeb(createReadStream(file)) as ReadableStream<Uint8Array>, size };
}

/** Writes one file part to a random name, counting and typing it as it comes. */
async function storePart(data: AsyncIterable<Uint8Array>, fileName: string, limit: number): Promise<StoredFile | null> {
  const storedName = randomUUID();
  const file = path.join(uploadsDir(), storedName);
  let size = 0;
  let head = new Uint8Array(0);
  let kind: FileKind | null = null;
  async function* checked() {
    for await (const chunk of data) {
      size += chunk.byteLength;
      if (size > limit) throw new FileTooLargeError(null);
      if (kind === null && head.length < SNIFF_BYTES) {
        const joined = new Uint8Array(head.length + chunk.byteLength);
        joined.set(head);
        joined.set(chunk, head.length);
        head = joined.subarray(0, SNIFF_BYTES);
        if (head.length >= SNIFF_BYTES) {
          kind = sniffKind(head, fileName);
          if (!kind) throw new UnsupportedFileError("type");
        }
      }
      yield chunk;
    }
  }
  // Written under a temporary name and renamed once whole and accepted (app/utils/files.server.ts).
  const part = partNameFor(file);
  try {
    // pipeline waits for the disk when it is slower than the network, and closes the file on any error.
    await pipeline(Readable.from(checked()), createWriteStream(part, { flags: "wx", mode: 0o600 }));
    if (size === 0 && !fileName) {
      // The file box was left empty: the browser sends an empty part with no name.
      await rm(part, { force: true });
      return null;
    }
    if (size === 0) throw new UnsupportedFileError("empty");
    kind ??= sniffKind(head, fileName);
    if (!kind) throw new UnsupportedFileError("type");
    await commitPart(part, file);
    return { storedName, fileName: safeFileName(fileName), kind, contentType: CONTENT_TYPES[kind], size };
  } catch (error) {
    await rm(part, { force: true });
    throw error;
  }
}

/**
 * Drains a refused body so the still-sending browser gets the answer, not a reset; past `cap` bytes, drops the
 * connection instead.
 */
async function discardRest(reader: ReadableStreamDefaultReader<Uint8Array>, cap: number): Promise<void> {
  let read = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      read += value.byteLength;
      if (read > cap) {
        await reader.cancel();
        return;
      }
    }
  } catch {
    // The client went away: nothing more to read.
  }
}

export interface ParsedUpload {
  fields: FormData;
  /** The file of the field named `fileField`, or null when none was chosen. */
  file: StoredFile | null;
}

/** Too large or unsupported. `fields`: the text fields read before the file, to show again. */
export class UploadRefusedError extends Error {
  name = "UploadRefusedError";
  constructor(
    readonly reason: FileTooLargeError | UnsupportedFileError,
    readonly fields: FormData,
  ) {
    super(reason.message);
  }
}

/** Room for the text fields of an upload form. */
const TEXT_ROOM = 64 * 1024;
/** Room for the multipart form's own lines (boundaries, part headers) around the file and the fields. */
const MULTIPART_ROOM = 16 * 1024;

/**
 * Streams a multipart form: text fields (64 KB in all) and one file into the uploads folder. A file over the limit
 * or of a refused kind is removed at once and the rest drained. The caller removes `file` unless it records it.
 */
export async function parseUpload(
  request: Request,
  { fileField = "file", limit = UPLOAD_LIMIT_BYTES } = {},
): Promise<ParsedUpload> {
  const type = request.headers.get("Content-Type") ?? "";
  if (!request.body || !/^multipart\/form-data;\s*boundary=/i.test(type))
    throw new BadUploadError("not a multipart form");
  const declared = Number(request.headers.get("Content-Length"));
  const bodySize = Number.isFinite(declared) && declared > 0 ? declared : null;
  const reader = request.body.getReader();
  // One file and its form's fields, whatever the body says it holds: a body past that is refused before it is read,
  // or as soon as it passes it (R64).
  const bodyCap = limit + TEXT_ROOM + MULTIPART_ROOM;
  if (bodySize !== null && bodySize > bodyCap) {
    void discardRest(reader, 4 * limit);
    throw new UploadRefusedError(new FileTooLargeError(bodySize), new FormData());
  }
  let bodyRead = 0;
  // The parser reads through this stream, so that after a refusal the rest is still ours to discard.
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      const { done, value } = await reader.read();
      if (done) return controller.close();
      bodyRead += value.byteLength;
      if (bodyRead > bodyCap) controller.error(new FileTooLargeError(bodySize));
      else controller.enqueue(value);
    },
  });
  const fields = new FormData();
  const files: StoredFile[] = [];
  let textBytes = 0;
  try {
    await unstable_parseMultipartFormData(
      new Request(request.url, { method: "POST", headers: request.headers, body, duplex: "half" } as RequestInit),
      async (part) => {
        if (part.name === fileField && part.filename !== undefined) {
          // One file a request: a second is refused before a byte of it is kept.
          if (files.length) throw new BadUploadError("more than one file");
          const stored = await storePart(part.data, part.filename, limit);
          if (stored) files.push(stored);
          return undefined;
        }
        const chunks: Uint8Array[] = [];
        for await (const chunk of part.data) {
          // A file in a field that takes none is read past; text past the room refuses the form.
          if (part.filename !== undefined) continue;
          textBytes += chunk.byteLength;
          if (textBytes > TEXT_ROOM) throw new BadUploadError("text fields too long");
          chunks.push(chunk);
        }
        if (part.filename === undefined) fields.append(part.name, Buffer.concat(chunks).toString("utf8"));
        return undefined;
      },
    );
    return { fields, file: files[0] ?? null };
  } catch (error) {
    await removeStoredFiles(files.map((file) => file.storedName));
    if (
      error instanceof FileTooLargeError ||
      error instanceof UnsupportedFileError ||
      error instanceof BadUploadError
    ) {
      // The browser is still sending: it gets the answer once the rest has been read into nothing.
      void discardRest(reader, 4 * limit);
    }
    if (error instanceof FileTooLargeError) throw new UploadRefusedError(new FileTooLargeError(bodySize), fields);
    if (error instanceof UnsupportedFileError) throw new UploadRefusedError(error, fields);
    if (error instanceof TypeError) throw new BadUploadError(error.message);
    throw error;
  }
}
