// The upload limit and the accepted kinds, shared by the server (which enforces them) and the
// page (which says them, and with JavaScript checks the size before an upload starts).

/** 30 MB (docs/product-rules.md R63), counted as 30 × 1024 × 1024 bytes. */
export const UPLOAD_LIMIT_BYTES = 30 * 1024 * 1024;

/** What the file box offers; the server decides from the file's first bytes, not from this. */
export const ACCEPTED_FILES = ".pdf,.jpg,.jpeg,.png,.heic,.heif,.tif,.tiff,.gif,.doc,.docx,application/pdf,image/*";

/**
 * A size as people read it: "31.5 MB", "820 KB". Rounded up, so that a file one byte over the
 * limit reads "30.1 MB", not "30 MB".
 */
export function formatFileSize(bytes: number, language: string): string {
  const locale = language === "sp" || language === "es" ? "es-US" : "en-US";
  if (bytes >= 1024 * 1024) {
    return `${new Intl.NumberFormat(locale, { maximumFractionDigits: 1 }).format(Math.ceil(bytes / 104_857.6 - 1e-9) / 10)} MB`;
  }
  return `${new Intl.NumberFormat(locale, { maximumFractionDigits: 0 }).format(Math.max(1, Math.ceil(bytes / 1024)))} KB`;
}
