// pi's own way of summarizing, run for comparison: `pi --mode rpc --session FILE` and its `compact`
// command (pi's whole /compact, with its own settings, model and credentials), and pi's own /tree
// navigation with a summary (AgentSession.navigateTree, which interactive /tree calls) for branch
// summaries, which RPC has no command for. Both under the test install's environment.
import { spawn } from "node:child_process";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { createInterface } from "node:readline";
import type { PiTestInstall } from "./pi-install.js";

const TIMEOUT_MS = 60_000;

function runUntil(command: string, args: string[], install: PiTestInstall, input: string, done: (message: Record<string, unknown>) => boolean, cwd: string): Promise<Record<string, unknown>> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { env: install.env as NodeJS.ProcessEnv, cwd, stdio: ["pipe", "pipe", "pipe"] });
    let stderr = "";
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString("utf8")));
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      reject(new Error(`${args.join(" ")}: no answer in ${TIMEOUT_MS} ms; stderr: ${stderr.slice(-500)}`));
    }, TIMEOUT_MS);
    createInterface({ input: child.stdout }).on("line", (line) => {
      let message: Record<string, unknown>;
      try {
        message = JSON.parse(line) as Record<string, unknown>;
      } catch {
        return;
      }
      if (!done(message)) return;
      clearTimeout(timer);
      child.kill("SIGTERM");
      resolve(message);
    });
    child.on("close", (code) => {
      clearTimeout(timer);
      reject(new Error(`${args.join(" ")} ended (exit ${code}) without an answer; stderr: ${stderr.slice(-500)}`));
    });
    child.stdin.write(input);
  });
}

/** pi's RPC `compact` on `file` at its leaf; resolves with pi's response. */
export function piRpcCompact(install: PiTestInstall, node: string, cli: string, file: string, customInstructions?: string): Promise<Record<string, unknown>> {
  const command = JSON.stringify({ type: "compact", ...(customInstructions ? { customInstructions } : {}) });
  return runUntil(node, [cli, "--mode", "rpc", "--session", file], install, `${command}\n`, (m) => m.type === "response" && m.command === "compact", install.root);
}

/** pi's own /tree move with "Summarize" (AgentSession.navigateTree) on `file` from its leaf to `targetId`. */
export function piNavigateWithSummary(install: PiTestInstall, node: string, entry: string, file: string, targetId: string): Promise<Record<string, unknown>> {
  const script = join(install.root, "navigate.mjs");
  writeFileSync(
    script,
    `const pi = await import(${JSON.stringify(`file://${entry}`)});
const sessionManager = pi.SessionManager.open(${JSON.stringify(file)});
const { session } = await pi.createAgentSession({ sessionManager, agentDir: process.env.PI_CODING_AGENT_DIR });
const result = await session.navigateTree(${JSON.stringify(targetId)}, { summarize: true });
console.log(JSON.stringify({ done: true, summaryEntry: result.summaryEntry ?? null }));
process.exit(0);
`,
  );
  return runUntil(node, [script], install, "", (m) => m.done === true, install.root);
}
