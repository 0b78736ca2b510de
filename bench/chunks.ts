import type { Weight } from "./weights";

// What each JavaScript file of the build weighs (gzipped) and which screens load it, from the screens'
// page weights: the code every screen pays for, and the code only some screens load with themselves.

interface Chunk {
  /** Its address under /build/, without the folder (`_shared/chunk-….js`, `routes/login-….js`). */
  file: string;
  bytes: number;
  /** The screens that load it, in the order they were weighed. */
  screens: string[];
}

/** The files the screens load, the heaviest first. */
function chunksOf(weights: Weight[]): Chunk[] {
  const chunks = new Map<string, Chunk>();
  for (const weight of weights) {
    for (const { url, bytes } of weight.chunks) {
      const file = url.replace(/^\/build\//, "");
      const chunk = chunks.get(file) ?? { file, bytes, screens: [] };
      chunk.screens.push(weight.label);
      chunks.set(file, chunk);
    }
  }
  return [...chunks.values()].sort((a, b) => b.bytes - a.bytes || a.file.localeCompare(b.file));
}

/**
 * Labels in order, those of one family written once: "wizard: sex, address", or "every wizard screen" when all of them
 * are there.
 */
function listed(labels: string[], all: string[]): string {
  const family = (label: string) => /^([^:]+): /.exec(label)?.[1];
  const parts: string[] = [];
  for (let at = 0; at < labels.length; ) {
    const name = family(labels[at]);
    let end = at + 1;
    while (name !== undefined && end < labels.length && family(labels[end]) === name) end += 1;
    const members = labels.slice(at, end);
    if (members.length === 1) parts.push(members[0]);
    else if (members.length === all.filter((label) => family(label) === name).length && members.length > 2)
      parts.push(`every ${name} screen`);
    else parts.push(`${name}: ${members.map((label) => label.slice(name!.length + 2)).join(", ")}`);
    at = end;
  }
  return parts.join("; ");
}

/** "every screen", the screens that load it, or every screen but those that do not: whichever is shorter. */
function whichScreens(chunk: Chunk, all: string[]): string {
  if (chunk.screens.length === all.length) return "every screen";
  const loading = listed(chunk.screens, all);
  const without = `every screen but ${listed(
    all.filter((label) => !chunk.screens.includes(label)),
    all,
  )}`;
  return without.length < loading.length ? without : loading;
}

/** The section of bench/RESULTS.md that follows the page weights. */
export function chunkSection(weights: Weight[]): string {
  const all = weights.map((weight) => weight.label);
  const kb = (bytes: number) => (bytes / 1024).toFixed(1);
  const rows = chunksOf(weights).map(
    (chunk) => `| ${chunk.file} | ${kb(chunk.bytes)} | ${chunk.screens.length} | ${whichScreens(chunk, all)} |`,
  );
  return `What each JavaScript file weighs (gzipped) and which of the ${all.length} screens above load it, the heaviest first: the
files every screen loads are the framework and what the whole application shares; the others come with their screens.

| File | Gzipped (KB) | Screens | Loaded by |
|---|---|---|---|
${rows.join("\n")}`;
}
