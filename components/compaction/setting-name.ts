// The preview's adjustable settings, named once: the reducer, the typed-number prompt, the key table
// and the settings read all use this name, and none of them needs another to get it (no import cycle).

/** A setting the compaction preview lets the user change on top of pi's. */
export type SettingName = "keepRecentTokens" | "reserveTokens" | "contextWindow";
