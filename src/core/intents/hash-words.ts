// What a text must hold for hash-apis.ts to find a hashing call in it, as two cheap tests: the
// hook asks them before it loads the intent readers (a write of a text that passes neither has
// no hash intent), and hash-apis.ts before it scans.

// Every call-site pattern in hash-apis.ts needs one of these words, in some case, inside its
// match (each names the API or its library: createHash, hmac, Digest, xxh, bcrypt, md5, sha,
// .Sum(nil) …), and a match is made only in the code, which is the text with its comments and
// strings blanked, so every word of the code is a word of the text. A text with none of them
// has no call site for the patterns to find, and is not scanned (hash-intents.test.ts checks
// this necessary condition against every pattern on generated texts).
const STEMS = /hash|hmac|digest|xxh|murmur|mmh3|blake|crypt|argon2|pbkdf2|md[45]|sha|keccak|ripemd|fnv|crc|adler|sum|getinstance|rfc2898/i;

/** Whether `text` holds a word every call-site pattern match needs (see STEMS). */
export function mayHoldHashCall(text: string): boolean {
  return STEMS.test(text);
}

/**
 * Whether `text` may reach a hashing API through a name computed from string literals
 * (hash-apis.ts computedHashAccesses): such an access opens with `[`, `import_module(`,
 * `__import__(` or `getattr(` and holds a quoted string.
 */
export function mayHoldComputedAccess(text: string): boolean {
  return /['"`]/.test(text) && (text.includes('[') || /import_module|__import__|getattr/.test(text));
}
