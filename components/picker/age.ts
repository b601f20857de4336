// pi's formatSessionDate, the age at the right of every picker row: the engine's display/formatAge,
// which the CLI's `list` uses too.
export { formatAge } from "../../src/engine/index.js";
