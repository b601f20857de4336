// The bridge as a child process: started under the Node that runs the user's pi, JSON lines both ways.
import type { ChildProcessWithoutNullStreams } from "node:child_process";
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { childProcess, readline } from "../host/lazy-builtins.js";
import type { FoundPi } from "./find-pi.js";

/** One message from the bridge (see pi-bridge.mjs for the protocol). */
export interface BridgeMessage {
  type: string;
  [key: string]: unknown;
}

/**
 * Where pi-bridge.mjs is: next to this module in the source tree, next to the bundle in dist/bin
 * (rolldown.config.mjs copies it there).
 */
export function bridgeScriptPath(): string {
  const name = "pi-bridge.mjs";
  const beside = fileURLToPath(new URL(`./${name}`, import.meta.url));
  if (existsSync(beside)) return beside;
  return fileURLToPath(new URL(`../../src/pi-bridge/${name}`, import.meta.url));
}

export class BridgeProcess {
  private readonly inbox: BridgeMessage[] = [];
  private waiting: ((message: BridgeMessage) => void) | undefined;
  private ended = false;
  private stderr = "";

  private constructor(private readonly child: ChildProcessWithoutNullStreams) {
    const lines = readline().createInterface({ input: child.stdout });
    lines.on("line", (line) => {
      let message: unknown;
      try {
        message = JSON.parse(line);
      } catch {
        return; // pi printed something of its own; not for us
      }
      if (typeof message === "object" && message !== null && typeof (message as BridgeMessage).type === "string") this.deliver(message as BridgeMessage);
    });
    child.stderr.on("data", (chunk: Buffer) => {
      if (this.stderr.length < 4000) this.stderr += chunk.toString("utf8");
    });
    child.on("error", (error) => this.finish(`the bridge did not start: ${error.message}`));
    child.on("close", (code) => this.finish(`the bridge ended (exit ${code ?? "signal"})${this.stderr ? `: ${lastLine(this.stderr)}` : ""}`));
  }

  /** Start the bridge under `pi.node` with `env` (the caller decides HOME, PI_CODING_AGENT_DIR, ...). */
  static start(pi: FoundPi, env: Record<string, string | undefined>): BridgeProcess {
    const child = childProcess().spawn(pi.node, [bridgeScriptPath()], {
      env: { ...env, NODE_DISABLE_COMPILE_CACHE: "1" } as NodeJS.ProcessEnv,
      stdio: ["pipe", "pipe", "pipe"],
    });
    return new BridgeProcess(child);
  }

  private deliver(message: BridgeMessage): void {
    if (this.waiting) {
      const resolve = this.waiting;
      this.waiting = undefined;
      resolve(message);
    } else this.inbox.push(message);
  }

  private finish(reason: string): void {
    if (this.ended) return;
    this.ended = true;
    this.deliver({ type: "error", kind: "bridge", message: reason });
  }

  send(message: Record<string, unknown>): void {
    if (this.ended || this.child.stdin.destroyed) return;
    this.child.stdin.write(`${JSON.stringify(message)}\n`);
  }

  /** The next message; an "error" of kind "bridge" when the process ended first. */
  next(): Promise<BridgeMessage> {
    const queued = this.inbox.shift();
    if (queued) return Promise.resolve(queued);
    if (this.ended) return Promise.resolve({ type: "error", kind: "bridge", message: "the bridge has ended" });
    return new Promise((resolve) => (this.waiting = resolve));
  }

  /** End the bridge: stdin closed (it cancels what runs), then a kill if it lingers. */
  close(): void {
    if (!this.child.stdin.destroyed) this.child.stdin.end();
    const timer = setTimeout(() => {
      if (this.child.exitCode === null && this.child.signalCode === null) this.child.kill("SIGKILL");
    }, 3000);
    timer.unref();
  }
}

const lastLine = (text: string): string =>
  text
    .trim()
    .split("\n")
    .filter((line) => line.trim() !== "")
    .pop()
    ?.slice(0, 300) ?? "";
