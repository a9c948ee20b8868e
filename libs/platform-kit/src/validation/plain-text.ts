/**
 * Characters that make text read differently from what was stored: control characters (C0 and C1, among them
 * ESC, which starts a terminal escape, and tab, line feed and carriage return: free text on this platform is one
 * line), the bidirectional formatting controls (U+061C, U+200E, U+200F, U+202A-U+202E, U+2066-U+2069: an
 * override can show "refund 100$" for what was typed "refund $001") and the line and paragraph separators
 * (U+2028, U+2029). A reason a regulator reads must read as recorded.
 */
const DECEIVING = /[\p{Cc}\p{Bidi_Control}\p{Zl}\p{Zp}]/u;

export const isPlainText = (text: string): boolean => !DECEIVING.test(text);

export const plainTextMessage = (field: string): string =>
  `${field} must be one line of plain text: no control characters (tab, line break, escape) and no bidirectional overrides, embeddings, isolates or marks (U+202A-U+202E, U+2066-U+2069, U+200E, U+200F); remove them and send it again`;
