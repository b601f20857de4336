// The picker's status line while the content index is being built: a bar, sessions and MB done.
import type { UpdateProgress } from "../../src/engine/store/recall-cache.js";

const mb = (bytes: number): string => (bytes / 1e6).toFixed(bytes >= 1e8 ? 0 : 1);

export function indexProgressLine(p: UpdateProgress, width: number): string {
  const text = ` indexing sessions for content search ${p.files}/${p.totalFiles}, ${mb(p.bytes)}/${mb(p.totalBytes)} MB`;
  const barWidth = Math.max(5, Math.min(30, width - text.length - 2));
  const share = p.totalBytes > 0 ? Math.min(1, p.bytes / p.totalBytes) : p.totalFiles > 0 ? p.files / p.totalFiles : 1;
  const filled = Math.round(share * barWidth);
  return `[${"█".repeat(filled)}${"░".repeat(barWidth - filled)}]${text}`;
}
