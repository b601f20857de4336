// Every way a summary by the user's pi can fail, as one line that says what happened and what to do.
export type PiFailureKind =
  | "no-pi"
  | "cannot-drive"
  | "no-model"
  | "no-credentials"
  | "auth"
  | "rate-limit"
  | "server"
  | "timeout"
  | "network"
  | "length"
  | "tool-call"
  | "cancelled"
  | "mismatch"
  | "nothing"
  | "failed";

export interface PiFailure {
  ok: false;
  kind: PiFailureKind;
  /** One line; the caller adds "nothing was written". */
  message: string;
}

const RULES: { kind: PiFailureKind; test: RegExp; advice: string }[] = [
  { kind: "no-credentials", test: /no api key|api key (is )?(required|missing)|no credentials|not authenticated|no auth|login required|requires? (an )?api key/i, advice: "give your pi a key for it (pi auth login, auth.json, models.json or the provider's environment variable)" },
  { kind: "auth", test: /\b40[13]\b|unauthori[sz]ed|forbidden|invalid (x-)?api.?key|authentication/i, advice: "the provider refused the credentials; check the key your pi uses for it" },
  { kind: "rate-limit", test: /\b429\b|rate.?limit|too many requests|quota/i, advice: "the provider is rate limiting; wait and try again" },
  { kind: "length", test: /\blength\b|max.?tokens|token cap|incomplete|cut off|truncated/i, advice: "the summary was cut off by the model's output limit; try another model or a smaller compaction" },
  { kind: "tool-call", test: /tool.?call|tool_use|tool use|call a tool/i, advice: "the model answered with a tool call instead of a summary; try again or pick another model" },
  { kind: "timeout", test: /timed? ?out|timeout|idle/i, advice: "the model did not answer in time; try again later" },
  { kind: "network", test: /ECONNREFUSED|ENOTFOUND|EAI_AGAIN|ENETUNREACH|EHOSTUNREACH|ECONNRESET|fetch failed|network|socket hang up|connection (error|refused)|offline/i, advice: "the provider cannot be reached; check the network or the provider's baseUrl" },
  { kind: "server", test: /\b5\d\d\b|server error|overloaded|bad gateway|service unavailable/i, advice: "the provider had an error; try again later" },
];

const oneLine = (text: string): string => text.replace(/\s+/g, " ").trim().slice(0, 600);

/** A failure report from pi (an error message of its own) as a kind and one line. */
export function classifyPiError(message: string, modelName: string | undefined): PiFailure {
  const text = oneLine(message);
  const where = modelName ? `${modelName}: ` : "";
  for (const rule of RULES) {
    if (rule.test.test(text)) return { ok: false, kind: rule.kind, message: `${where}${text} (${rule.advice})` };
  }
  return { ok: false, kind: "failed", message: `${where}${text}` };
}

export const failure = (kind: PiFailureKind, message: string): PiFailure => ({ ok: false, kind, message: oneLine(message) });
