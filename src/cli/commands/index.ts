// Every subcommand. To add one: create commands/<name>.ts exporting a Command and add it here.
import type { Command } from "../command.js";
import { branchCommand } from "./branch.js";
import { compactCommand } from "./compact.js";
import { contextCommand } from "./context.js";
import { exportCommand } from "./export.js";
import { forkCommand } from "./fork.js";
import { labelCommand } from "./label.js";
import { listCommand } from "./list.js";
import { recallCommand } from "./recall.js";
import { timelineCommand } from "./timeline.js";
import { treeCommand } from "./tree.js";
import { usageCommand } from "./usage.js";

export const COMMANDS: readonly Command[] = [
  listCommand,
  treeCommand,
  contextCommand,
  compactCommand,
  branchCommand,
  labelCommand,
  forkCommand,
  recallCommand,
  usageCommand,
  timelineCommand,
  exportCommand,
];

export function findCommand(name: string): Command | undefined {
  return COMMANDS.find((c) => c.name === name);
}
