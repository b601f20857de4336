// pi's migrateToCurrentVersion (spec §3): v1 -> v2 (ids, parent chain, firstKeptEntryIndex) and
// v2 -> v3 (hookMessage -> custom). Mutates the parsed records in place, as pi does.

type Rec = Record<string, unknown>;

/**
 * The id pi assigns to the n-th v1 entry under the oracle's deterministic counter
 * (shared/oracle/README.md "Deterministic ids"): n as 8 lowercase hex digits.
 */
export function v1EntryId(n: number): string {
  return n.toString(16).padStart(8, "0");
}

/** Whether pi migrates a file with this header (its version is below 3). */
export const needsMigration = (header: Rec | undefined): boolean => !(((header?.version ?? 1) as number) >= 3);

/** Migrate `records` (header included, file order). */
export function migrateRecords(records: Rec[]): void {
  const header = records.find((r) => r.type === "session");
  if (!needsMigration(header)) return;
  const version = (header?.version ?? 1) as number;
  if (version < 2) migrateV1ToV2(records);
  migrateV2ToV3(records);
}

function migrateV1ToV2(records: Rec[]): void {
  let prevId: string | null = null;
  let n = 0;
  for (const rec of records) {
    if (rec.type === "session") {
      rec.version = 2;
      continue;
    }
    const id = v1EntryId(++n);
    rec.id = id;
    rec.parentId = prevId;
    prevId = id;
    if (rec.type === "compaction" && typeof rec.firstKeptEntryIndex === "number") {
      // Quirk kept: the index counts the header, and a forward index yields the not-yet-migrated id.
      const target = records[rec.firstKeptEntryIndex];
      if (target && target.type !== "session") rec.firstKeptEntryId = target.id;
      delete rec.firstKeptEntryIndex;
    }
  }
}

function migrateV2ToV3(records: Rec[]): void {
  for (const rec of records) {
    if (rec.type === "session") {
      rec.version = 3;
      continue;
    }
    if (rec.type === "message") {
      const message = rec.message as Rec | undefined;
      if (message && message.role === "hookMessage") message.role = "custom";
    }
  }
}
