// The small modal views (a refusal, a failure, a spinner, a two-way choice) take their keys the way
// every screen does: from a binding table, through the router, with the footer built from the same
// table. Modal: the keys a table does not bind are swallowed, so nothing below reacts.
import { useMemo } from "react";
import { bindingLookup, type Binding } from "./bindings.js";
import { footerItems, footerLine, type FooterStyle } from "./footer.js";
import { useKeyLayer, type KeyLayer } from "./key-router.js";

/** The one key of a view that only reports something: Esc goes back. */
export const BACK_ON_ESCAPE: Binding<"back">[] = [{ keys: ["escape"], help: "back", run: "back", footer: "back" }];

/** While `active`, each key bound in `table` runs `act` with its binding's run; every other key is swallowed. */
export function useModalKeys<Run>(table: readonly Binding<Run>[], act: (run: Run) => void, active: boolean, layer: KeyLayer = "overlay"): void {
  const lookup = useMemo(() => bindingLookup(table), [table]);
  useKeyLayer(
    layer,
    (key) => {
      const run = lookup(key.name);
      if (run !== null) act(run);
      return true;
    },
    active,
  );
}

/** The footer line of a modal table (every binding with footer words), as wide as it needs to be. */
export const modalFooter = (table: readonly Binding<unknown>[], style?: FooterStyle): string => footerLine(footerItems(table), Number.MAX_SAFE_INTEGER, style);
