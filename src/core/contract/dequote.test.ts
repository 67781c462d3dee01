import { describe, expect, it } from 'vitest';
import { withoutQuotedText } from './dequote.js';

describe('withoutQuotedText', () => {
  it('leaves text with nothing quoted as it is', () => {
    expect(withoutQuotedText('review only\nplease')).toBe('review only\nplease');
  });

  it('removes fenced blocks of either fence character, to the matching close', () => {
    expect(withoutQuotedText('a\n```ts\nreview only\n```\nb')).toBe('a\n\n\n\nb');
    expect(withoutQuotedText('a\n~~~~\nx\n~~~\nstill inside\n~~~~\nb')).toBe('a\n\n\n\n\n\nb');
    expect(withoutQuotedText('a\n```\nx\n~~~\nstill inside')).toBe('a\n\n\n\n');
    expect(withoutQuotedText('   ```\nx\n   ```\nb')).toBe('\n\n\nb');
  });

  it('removes block-quote lines', () => {
    expect(withoutQuotedText('> review only\n   > also\nkeep')).toBe('\n\nkeep');
  });

  it('removes inline code of matching backtick runs', () => {
    expect(withoutQuotedText('a `review only` b')).toBe('a \n b');
    expect(withoutQuotedText('a ``x ` y`` b')).toBe('a \n b');
    expect(withoutQuotedText('a `unclosed review only')).toBe('a `unclosed review only');
  });

  it('tells a word character (a Unicode letter or digit) before an apostrophe exactly as the property class does', () => {
    const quoting = new Set([...'`"“‘\'「『«>~\n\r']);
    const chars = [...Array.from({ length: 128 }, (_, c) => String.fromCharCode(c)), 'é', 'ß', '中', 'Ж', '١', '²', '—', '\u00a0', '\ud83d'];
    for (const c of chars.filter((x) => !quoting.has(x))) {
      const text = `${c}'x' y`;
      const word = /[\p{L}\p{N}]/u.test(c);
      expect(withoutQuotedText(text), JSON.stringify(c)).toBe(word ? text : `${c}\n y`);
    }
  });

  it('removes quoted spans but keeps apostrophes inside words', () => {
    expect(withoutQuotedText('say "review only" now')).toBe('say \n now');
    expect(withoutQuotedText("don't say 'review only' ok")).toBe("don't say \n ok");
    expect(withoutQuotedText('it’s ‘review only’ yes')).toBe('it’s \n yes');
    expect(withoutQuotedText('‘don’t edit anything’ x')).toBe('\n x');
    expect(withoutQuotedText('“a” 「b」 『c』 «d» e')).toBe('\n \n \n \n e');
    expect(withoutQuotedText("the users' files don't change")).toBe("the users' files don't change");
  });

  it('never lets a quote span lines', () => {
    expect(withoutQuotedText('say "review\nonly" now')).toBe('say "review\nonly" now');
  });
});
