// Session text is untrusted: it may carry terminal escape sequences that would restyle, retitle or
// rewrite the user's terminal, or bidi overrides that make text read differently than it is.
// Everything printed in text mode passes through here. (The app has its own in components/kit.)

const ESCAPE_SEQUENCES = new RegExp(
  [
    "\\x1b\\[[0-?]*[ -/]*[@-~]", // CSI (colours, cursor moves)
    "\\x1b\\][\\s\\S]*?(?:\\x07|\\x1b\\\\|$)", // OSC (titles, hyperlinks, clipboard) up to BEL or ST
    "\\x1b[PX^_][\\s\\S]*?(?:\\x1b\\\\|$)", // DCS, SOS, PM, APC up to ST
    "\\x9b[0-?]*[ -/]*[@-~]", // 8-bit CSI
    "[\\x90\\x98\\x9d\\x9e\\x9f][\\s\\S]*?(?:\\x9c|\\x07|$)", // 8-bit DCS/SOS/OSC/PM/APC up to ST
    "\\x1b[ -/]*[0-~]?", // any other ESC sequence, or a lone ESC
  ].join("|"),
  "g",
);
// C0 except \t and \n, DEL, C1.
const CONTROL_CHARS = /[\x00-\x08\x0b-\x1f\x7f-\x9f]/g;
// Bidi embeddings, overrides and isolates (U+202A-U+202E, U+2066-U+2069) and the marks that steer them.
const BIDI_CONTROLS = /[\u202a-\u202e\u2066-\u2069\u200e\u200f\u061c]/g;

/** The text with escape sequences removed and control / bidi characters dropped; \n and \t kept. */
export function sanitizeText(text: string): string {
  return text.replace(ESCAPE_SEQUENCES, "").replace(CONTROL_CHARS, "").replace(BIDI_CONTROLS, "");
}

/** sanitizeText, then every run of whitespace (newlines and tabs included) as one space, trimmed. */
export function sanitizeLine(text: string): string {
  return sanitizeText(text).replace(/\s+/g, " ").trim();
}
