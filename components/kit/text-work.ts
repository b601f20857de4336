// How much session text the views have sanitized and measured, in UTF-16 code units. A screen must
// only touch what it draws; tests render screens over sessions with 200 KB tool results and check
// these counts stay small (counting work, not timing it).
export const textWork = { measured: 0, sanitized: 0 };

export function resetTextWork(): void {
  textWork.measured = 0;
  textWork.sanitized = 0;
}
