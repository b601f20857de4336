// `--instructions TEXT` steers pi's summarizer LLM. There is no LLM here, so the text is kept as a
// focus note at the very top of the compiled summary: whoever reads the summary next (the model,
// after pi resumes) sees what the user asked to focus on.

/**
 * The instruction text as typed, its lines kept: the first after the item's "- ", the others indented
 * under it, so a blank or "[Title]" line typed by the user cannot end the note or open a section (a
 * blank line stays as the two spaces of its indent: an empty line is what ends the note).
 */
const noteText = (text: string): string =>
  text
    .replace(/\r\n?/g, "\n")
    .trim()
    .split("\n")
    .map((line) => line.trimEnd())
    .join("\n  ");

/** The summary with a `[Focus]` note on top, or unchanged when there are no instructions. */
export function withFocusNote(summary: string, instructions: string | undefined): string {
  const note = instructions === undefined ? "" : noteText(instructions);
  return note === "" ? summary : `[Focus]\n- ${note}\n\n${summary}`;
}
