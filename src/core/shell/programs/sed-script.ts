// Reads a sed program just far enough to find its `w`/`W` file writes and its `e`
// command executions (GNU), which make a plain `sed` more than a read.

/** File names the script writes, 'exec' when it runs commands, 'unparsed' when we cannot tell. */
export function sedScriptEffects(script: string): string[] | 'exec' | 'unparsed' {
  const s = script;
  const n = s.length;
  const writes: string[] = [];
  let i = 0;

  const skipBlank = (): void => {
    while (i < n && (s[i] === ' ' || s[i] === '\t')) i++;
  };
  const restOfLine = (): string => {
    const start = i;
    while (i < n && s[i] !== '\n') i++;
    return s.slice(start, i);
  };
  /** Consumes a delimited part (regex or replacement) ending at an unescaped `delim`. */
  const delimited = (delim: string): boolean => {
    while (i < n) {
      const c = s[i]!;
      if (c === '\\') {
        i += 2;
        continue;
      }
      if (c === '\n' && delim !== '\n') return false;
      i++;
      if (c === delim) return true;
    }
    return false;
  };
  const address = (): boolean => {
    const c = s[i];
    if (c === undefined) return true;
    if (/[0-9]/.test(c)) {
      while (i < n && /[0-9~]/.test(s[i]!)) i++;
      return true;
    }
    if (c === '$') {
      i++;
      return true;
    }
    if (c === '/' || c === '\\') {
      let delim = '/';
      if (c === '\\') {
        delim = s[i + 1] ?? '';
        if (!delim || delim === '\n') return false;
        i += 2;
      } else i++;
      if (!delimited(delim)) return false;
      while (i < n && (s[i] === 'I' || s[i] === 'M')) i++;
      return true;
    }
    return true;
  };

  while (i < n) {
    while (i < n && /[\s;]/.test(s[i]!)) i++;
    if (i >= n) break;
    if (s[i] === '#') {
      restOfLine();
      continue;
    }
    if (!address()) return 'unparsed';
    skipBlank();
    if (s[i] === ',') {
      i++;
      skipBlank();
      if (s[i] === '+' || s[i] === '~') i++;
      if (!address()) return 'unparsed';
      skipBlank();
    }
    while (s[i] === '!') {
      i++;
      skipBlank();
    }
    const cmd = s[i];
    if (cmd === undefined) return 'unparsed';
    i++;
    if (cmd === '{') continue;
    switch (cmd) {
      case '}':
      case '=':
      case 'd':
      case 'D':
      case 'g':
      case 'G':
      case 'h':
      case 'H':
      case 'n':
      case 'N':
      case 'p':
      case 'P':
      case 'x':
      case 'z':
      case 'F':
        break;
      case 'q':
      case 'Q':
      case 'l':
      case 'L':
        skipBlank();
        while (i < n && /[0-9]/.test(s[i]!)) i++;
        break;
      case ':':
      case 'b':
      case 't':
      case 'T':
      case 'v':
        while (i < n && s[i] !== ';' && s[i] !== '\n') i++;
        break;
      case 'a':
      case 'i':
      case 'c':
        // Text to the end of the line; a trailing backslash continues it.
        while (i < n) {
          if (s[i] === '\\' && i + 1 < n) {
            i += 2;
            continue;
          }
          if (s[i] === '\n') break;
          i++;
        }
        break;
      case 'r':
      case 'R':
        restOfLine();
        break;
      case 'w':
      case 'W': {
        skipBlank();
        const f = restOfLine().trim();
        if (!f) return 'unparsed';
        writes.push(f);
        break;
      }
      case 'e':
        return 'exec';
      case 's': {
        const delim = s[i];
        if (delim === undefined || delim === '\\' || delim === '\n') return 'unparsed';
        i++;
        if (!delimited(delim) || !delimited(delim)) return 'unparsed';
        while (i < n && /[gpiImMe0-9w]/.test(s[i]!)) {
          const f = s[i]!;
          i++;
          if (f === 'e') return 'exec';
          if (f === 'w') {
            skipBlank();
            const file = restOfLine().trim();
            if (!file) return 'unparsed';
            writes.push(file);
            break;
          }
        }
        break;
      }
      case 'y': {
        const delim = s[i];
        if (delim === undefined || delim === '\\' || delim === '\n') return 'unparsed';
        i++;
        if (!delimited(delim) || !delimited(delim)) return 'unparsed';
        break;
      }
      default:
        return 'unparsed';
    }
    skipBlank();
    if (i < n && !/[;\n}#]/.test(s[i]!)) return 'unparsed';
  }
  return writes;
}
