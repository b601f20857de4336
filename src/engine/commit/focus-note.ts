// `--instructions TEXT` steers pi's summarizer LLM. There is no LLM here, so the text is kept as a
// focus note at the very top of the compiled summary: whoever reads the summary next (the model,
// after pi resumes) sees what the user asked to focus on.

/** The instruction text on one line (session text and arguments are untrusted; no raw newlines). */
const oneLine = (text: string): string => text.replace(/[\r\n]+/g, " ").trim();

/** The summary with a `[Focus]` note on top, or unchanged when there are no instructions. */
export function withFocusNote(summary: string, instructions: string | undefined): string {
  const note = instructions === undefined ? "" : oneLine(instructions);
  return note === "" ? summary : `[Focus]\n- ${note}\n\n${summary}`;
}
