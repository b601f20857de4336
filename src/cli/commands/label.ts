// `pi-explorer label FILE ID [TEXT]`: set (or, without TEXT, clear) a label the way pi's /tree does.
import { labelCommit, labelFromInput } from "../../engine/index.js";
import type { Command } from "../command.js";
import { commitClock, commitPending, openForCommit, YES_OPTION } from "../commit-flow.js";
import { usageError } from "../errors.js";

const USAGE = "label FILE ID [TEXT] [--yes]";

export const labelCommand: Command = {
  name: "label",
  summary: "set or clear an entry's label (appends a label entry, as pi's /tree does; asks first)",
  usage: USAGE,
  options: { ...YES_OPTION },
  async run(ctx) {
    const [file, id, text, extra] = ctx.positionals;
    if (file === undefined || id === undefined) throw usageError(`missing ${file === undefined ? "FILE" : "ID"} (usage: pi-explorer ${USAGE})`);
    if (extra !== undefined) throw usageError(`unexpected argument "${extra}"; quote a label with spaces (usage: pi-explorer ${USAGE})`);
    const session = openForCommit(file, ctx.profile, ctx.env);
    if (!session.tree.byId.has(id)) throw usageError(`${file}: no entry with id "${id}"`);
    const label = labelFromInput(text);
    const pending = labelCommit(session.tree, id, label, commitClock(ctx));
    return commitPending(ctx, session, pending, { targetId: id, label: label ?? null });
  },
};
