// Upload limit and kinds, enforced by the server, stated (and size-checked with JavaScript) by the page.

/** 30 MB (R63), counted as 30 × 1024 × 1024 bytes. */
export const UPLOAD_LIMIT_BYTES = 30 * 1024 * 1024;

/** What the file box offers; the server decides from the file's first bytes, not from this. */
export const ACCEPTED_FILES = ".pdf,.jpg,.jpeg,.png,.heic,.heif,.tif,.tiff,.gif,.doc,.docx,application/pdf,image/*";

/** "31.5 MB", rounded up so one byte over the limit does not read as the limit. */
export function formatFileSize(bytes: number, language: string): string {
  const locale = language === "sp" || language === "es" ? "es-US" : "en-US";
  if (bytes >= 1024 * 1024) {
    return `${new Intl.NumberFormat(locale, { maximumFractionDigits: 1 }).format(Math.ceil(bytes / 104_857.6 - 1e-9) / 10)} MB`;
  }
  return `${new Intl.NumberFormat(locale, { maximumFractionDigits: 0 }).format(Math.max(1, Math.ceil(bytes / 1024)))} KB`;
}
