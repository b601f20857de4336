// What a compiled-summary confirm step needs to offer the user's own pi instead: the offer line, the
// `p` key, the running-pi warning, and, once chosen, the panel that runs pi's summary.
import { createElement, useMemo, useState, type ReactElement } from "react";
import type { PiProfile, SessionTree } from "../../src/engine/index.js";
import { useOptionalAppEnv } from "../kit/app-context.js";
import type { Committed, SessionDocument } from "../document/session-document.js";
import type { Binding } from "../kit/bindings.js";
import { PiSummaryPanel, type PiSummaryJob } from "./PiSummaryPanel.js";
import { PI_OFFER_BINDINGS, sessionModelLabel, summarizerOfferLine } from "./summarizer-offer.js";
import { runningPiLines, useRunningPi } from "./use-running-pi.js";
import { useUserPi } from "./use-user-pi.js";

export interface SummarizerOfferInput {
  /** False: no offer (only the running-pi warning). The user's pi is looked for where the app runs (the app context). */
  offer: boolean;
  file: string;
  tree: SessionTree;
  /** The leaf whose model pi would restore. */
  leafId: string | null;
  profile: PiProfile;
  width: number;
  height: number;
  active: boolean;
  onCommitted: (committed: Committed) => void;
}

export interface SummarizerOffer {
  /** Head lines with the running-pi warning added. */
  head(lines: readonly string[]): string[];
  /** Body lines with the offer on top. */
  lines(lines: readonly string[]): string[];
  /** The confirm step's keys for pi's summary (empty without a usable pi): dispatched and listed in its footer. */
  keys: Binding<() => void>[];
  /** The panel running pi's summary of `job` once the user pressed `p`; null until then. */
  panel(document: SessionDocument, job: PiSummaryJob): ReactElement | null;
}

export function useSummarizerOffer(input: SummarizerOfferInput): SummarizerOffer {
  const { file, tree, leafId, profile } = input;
  const appEnv = useOptionalAppEnv();
  const env = input.offer ? appEnv : undefined;
  const pi = useUserPi(env);
  // "own": pi's own model; "pick": the user picks one of the models pi can reach first.
  const [chosen, setChosen] = useState<"own" | "pick" | null>(null);
  const cwd = tree.loaded.header?.cwd;
  const running = useRunningPi(file, typeof cwd === "string" ? cwd : undefined);
  const model = useMemo(() => sessionModelLabel(tree, leafId), [tree, leafId]);
  const usable = env !== undefined && pi?.ok === true;
  return {
    head: (lines) => [...lines, ...runningPiLines(running)],
    lines: (lines) => (env ? [summarizerOfferLine(pi, model), ...lines] : [...lines]),
    keys: usable ? PI_OFFER_BINDINGS.map((b) => ({ ...b, run: () => setChosen(b.run === "pick" ? "pick" : "own") })) : [],
    panel: (document, job) =>
      chosen !== null && env && pi?.ok
        ? createElement(PiSummaryPanel, {
            document,
            profile,
            pi: pi.pi,
            job,
            modelHint: model,
            pickModel: chosen === "pick",
            width: input.width,
            height: input.height,
            active: input.active,
            onBack: () => setChosen(null),
            onCommitted: input.onCommitted,
          })
        : null,
  };
}
