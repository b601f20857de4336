// A preview setting typed as a number (issue 11: 20,000 to 1,600 took 100 presses of `[`): digits
// with optional thousands separators, or a "k" suffix ("1.6k", "20k"). Pure, so the prompt stays dumb.
import type { SettingName } from "./setting-name.js";

/** Lowest value each setting may take (pi rejects negative token counts; a window needs room). */
export const SETTING_MINIMUM: Record<SettingName, number> = { keepRecentTokens: 0, reserveTokens: 0, contextWindow: 1000 };

/** The names the prompt shows. */
export const SETTING_LABEL: Record<SettingName, string> = {
  keepRecentTokens: "keepRecentTokens",
  reserveTokens: "reserveTokens",
  contextWindow: "context window",
};

/** The value typed, or a one-line reason it is not one. */
export function parseSettingInput(text: string, setting: SettingName): { ok: true; value: number } | { ok: false; message: string } {
  const clean = text.trim().toLowerCase().replace(/[,_\s]/g, "");
  const match = /^(\d+(?:\.\d+)?)(k|m)?$/.exec(clean);
  if (match === null) return { ok: false, message: "type a number of tokens, e.g. 1600, 20,000 or 20k" };
  const scale = match[2] === "k" ? 1000 : match[2] === "m" ? 1_000_000 : 1;
  const value = Math.round(Number(match[1]) * scale);
  if (!Number.isSafeInteger(value)) return { ok: false, message: "that number is too large" };
  const min = SETTING_MINIMUM[setting];
  if (value < min) return { ok: false, message: `${SETTING_LABEL[setting]} is at least ${min.toLocaleString("en-US")}` };
  return { ok: true, value };
}
