import { createWriteStream } from "node:fs";
import { once } from "node:events";
import { crc32, createDeflateRaw, deflateRawSync } from "node:zlib";

// A streamed one-sheet workbook (decision 0005): one deflate stream into a ZIP with data descriptors, so neither rows
// nor file are held whole. Inline strings, no styles: what a report needs, far faster than a general library.

export type XlsxCell = string | number | null | undefined;

const MAIN = "http://schemas.openxmlformats.org/spreadsheetml/2006/main";
const RELATIONSHIPS = "http://schemas.openxmlformats.org/package/2006/relationships";
const DOCUMENT = "http://schemas.openxmlformats.org/officeDocument/2006/relationships";
const HEAD = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';

/** Text as XML allows it: escaped, and without the control characters XML 1.0 cannot hold. */
function xmlText(value: string): string {
  return value
    .replace(/[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu, "")
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;");
}

/** A, B, … Z, AA, AB, … for column n (from 0). */
function columnName(n: number): string {
  let name = "";
  for (let rest = n + 1; rest > 0; rest = Math.floor((rest - 1) / 26))
    name = String.fromCharCode(65 + ((rest - 1) % 26)) + name;
  return name;
}

/** Excel refuses these in a sheet's name, and names longer than 31 characters. */
function sheetTitle(name: string): string {
  return (
    name
      .replace(/[[\]:*?/\\]/g, " ")
      .slice(0, 31)
      .trim() || "Sheet1"
  );
}

function dosDateTime(date: Date): { time: number; day: number } {
  return {
    time: (date.getHours() << 11) | (date.getMinutes() << 5) | Math.floor(date.getSeconds() / 2),
    day: ((date.getFullYear() - 1980) << 9) | ((date.getMonth() + 1) << 5) | date.getDate(),
  };
}

interface Entry {
  name: Buffer;
  offset: number;
  crc: number;
  compressed: number;
  size: number;
}

export async function openXlsx(file: string, sheetName: string) {
  const out = createWriteStream(file, { flags: "wx", mode: 0o600 });
  const failed = new Promise<never>((_, reject) => out.once("error", reject));
  failed.catch(() => undefined);
  await Promise.race([once(out, "open"), failed]);
  let written = 0;
  const entries: Entry[] = [];
  const stamp = dosDateTime(new Date());

  async function write(chunk: Buffer) {
    written += chunk.length;
    if (!out.write(chunk)) await Promise.race([once(out, "drain"), failed]);
  }

  /**
   * What an entry's local header and its central directory record both say: version needed, flags, method, time, date.
   */
  function writeEntryFields(buffer: Buffer, at: number) {
    buffer.writeUInt16LE(20, at);
    // Bit 3: sizes and checksum follow the data; bit 11: the name is UTF-8.
    buffer.writeUInt16LE(0x0808, at + 2);
    buffer.writeUInt16LE(8, at + 4);
    buffer.writeUInt16LE(stamp.time, at + 6);
    buffer.writeUInt16LE(stamp.day, at + 8);
  }

  /** What an entry's data descriptor and its central directory record both say: checksum, compressed size, size. */
  function writeSizes(buffer: Buffer, entry: Entry, at: number) {
    buffer.writeUInt32LE(entry.crc, at);
    buffer.writeUInt32LE(entry.compressed, at + 4);
    buffer.writeUInt32LE(entry.size, at + 8);
  }

  function localHeader(name: Buffer) {
    const header = Buffer.alloc(30);
    header.writeUInt32LE(0x04034b50, 0);
    writeEntryFields(header, 4);
    header.writeUInt16LE(name.length, 26);
    return Buffer.concat([header, name]);
  }

  async function finishEntry(entry: Entry) {
    const descriptor = Buffer.alloc(16);
    descriptor.writeUInt32LE(0x08074b50, 0);
    writeSizes(descriptor, entry, 4);
    await write(descriptor);
    entries.push(entry);
  }

  async function smallFile(path: string, text: string) {
    const name = Buffer.from(path);
    const data = Buffer.from(text);
    const entry = { name, offset: written, crc: crc32(data), size: data.length, compressed: 0 };
    await write(localHeader(name));
    const packed = deflateRawSync(data);
    entry.compressed = packed.length;
    await write(packed);
    await finishEntry(entry);
  }

  const title = xmlText(sheetTitle(sheetName));
  await smallFile(
    "[Content_Types].xml",
    `${HEAD}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>`,
  );
  await smallFile(
    "_rels/.rels",
    `${HEAD}<Relationships xmlns="${RELATIONSHIPS}"><Relationship Id="rId1" Type="${DOCUMENT}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
  );
  await smallFile(
    "xl/workbook.xml",
    `${HEAD}<workbook xmlns="${MAIN}" xmlns:r="${DOCUMENT}"><sheets><sheet name="${title}" sheetId="1" r:id="rId1"/></sheets></workbook>`,
  );
  await smallFile(
    "xl/_rels/workbook.xml.rels",
    `${HEAD}<Relationships xmlns="${RELATIONSHIPS}"><Relationship Id="rId1" Type="${DOCUMENT}/worksheet" Target="worksheets/sheet1.xml"/></Relationships>`,
  );

  const sheetPath = Buffer.from("xl/worksheets/sheet1.xml");
  const sheet: Entry = { name: sheetPath, offset: written, crc: 0, size: 0, compressed: 0 };
  await write(localHeader(sheetPath));
  // The fastest compression: a report of 100,000 rows is made in seconds, a little larger.
  const deflate = createDeflateRaw({ level: 1 });
  const packedDone = (async () => {
    for await (const chunk of deflate as AsyncIterable<Buffer>) {
      sheet.compressed += chunk.length;
      await write(chunk);
    }
  })();
  packedDone.catch(() => undefined);
  async function feed(text: string) {
    const data = Buffer.from(text);
    sheet.crc = crc32(data, sheet.crc);
    sheet.size += data.length;
    if (!deflate.write(data)) await Promise.race([once(deflate, "drain"), packedDone, failed]);
  }
  await feed(`${HEAD}<worksheet xmlns="${MAIN}"><sheetData>`);
  const columns: string[] = [];
  let rowNumber = 0;

  return {
    /** Adds rows under the last; a cell that is null or undefined is left empty. */
    async addRows(rows: XlsxCell[][]) {
      let xml = "";
      for (const row of rows) {
        rowNumber += 1;
        xml += `<row r="${rowNumber}">`;
        for (let index = 0; index < row.length; index += 1) {
          const value = row[index];
          if (value === null || value === undefined || value === "") continue;
          const reference = (columns[index] ??= columnName(index)) + rowNumber;
          xml +=
            typeof value === "number" && Number.isFinite(value)
              ? `<c r="${reference}"><v>${value}</v></c>`
              : `<c r="${reference}" t="inlineStr"><is><t xml:space="preserve">${xmlText(String(value))}</t></is></c>`;
        }
        xml += "</row>";
      }
      await feed(xml);
    },
    async close() {
      await feed("</sheetData></worksheet>");
      deflate.end();
      await packedDone;
      await finishEntry(sheet);
      const directoryStart = written;
      for (const entry of entries) {
        const record = Buffer.alloc(46);
        record.writeUInt32LE(0x02014b50, 0);
        // Made by: the same version as needed.
        record.writeUInt16LE(20, 4);
        writeEntryFields(record, 6);
        writeSizes(record, entry, 16);
        record.writeUInt16LE(entry.name.length, 28);
        record.writeUInt32LE(entry.offset, 42);
        await write(Buffer.concat([record, entry.name]));
      }
      const end = Buffer.alloc(22);
      end.writeUInt32LE(0x06054b50, 0);
      end.writeUInt16LE(entries.length, 8);
      end.writeUInt16LE(entries.length, 10);
      end.writeUInt32LE(written - directoryStart, 12);
      end.writeUInt32LE(directoryStart, 16);
      await write(end);
      await new Promise<void>((resolve, reject) =>
        out.end((error?: Error | null) => (error ? reject(error) : resolve())),
      );
    },
    /** Stops writing (the caller removes the file). */
    abort() {
      deflate.destroy();
      out.destroy();
    },
  };
}
