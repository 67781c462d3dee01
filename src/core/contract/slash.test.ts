import { describe, expect, it } from 'vitest';
import { defaultContract } from './defaults.js';
import { parsePrompt } from './parse-prompt.js';
import { fromSlashCommand, rewriteSlashPrompt, unwrapOpencodeRunQuotes } from './slash.js';

describe('fromSlashCommand', () => {
  it('maps remit and the plugin-namespaced form', () => {
    expect(fromSlashCommand('remit', 'review -- look')).toBe('$remit review -- look');
    expect(fromSlashCommand('/remit', 'review')).toBe('$remit review');
    expect(fromSlashCommand('remit:remit', 'change files=src/**')).toBe('$remit change files=src/**');
    expect(fromSlashCommand('/remit:remit', '')).toBe('$remit');
    expect(fromSlashCommand('remit', '\nchange')).toBe('$remit\nchange');
  });

  it('leaves other commands alone', () => {
    expect(fromSlashCommand('review', 'x')).toBeNull();
    expect(fromSlashCommand('remitx', 'x')).toBeNull();
    expect(fromSlashCommand('other:remit', 'x')).toBeNull();
  });

  it('gives text the parser reads as the directive', () => {
    const r = parsePrompt(fromSlashCommand('remit', 'review: look')!, { projectRoot: '/p', previous: defaultContract() });
    expect(r.kind === 'directive' && r.contract.mode).toBe('review');
  });
});

describe('rewriteSlashPrompt', () => {
  it('rewrites /remit at the start of the first non-empty line only', () => {
    expect(rewriteSlashPrompt('/remit review -- x')).toBe('$remit review -- x');
    expect(rewriteSlashPrompt('\n  /REMIT:remit change\nmore')).toBe('\n  $remit change\nmore');
    expect(rewriteSlashPrompt('/remit')).toBe('$remit');
    expect(rewriteSlashPrompt('/ReMiT:rEmIt help')).toBe('$remit help');
    expect(rewriteSlashPrompt('/remit: look')).toBe('$remit: look');
  });

  it('leaves every other shape as it is', () => {
    for (const text of ['    /remit change', '> /remit change', 'see /remit change', 'x\n/remit change', '/remitx', '/remit-example', '`/remit change`']) {
      expect(rewriteSlashPrompt(text)).toBe(text);
    }
  });
});

describe('unwrapOpencodeRunQuotes', () => {
  it('removes exactly one surrounding pair', () => {
    expect(unwrapOpencodeRunQuotes('"$remit review: look"')).toBe('$remit review: look');
    expect(unwrapOpencodeRunQuotes('""$remit review""')).toBe('"$remit review"');
    expect(unwrapOpencodeRunQuotes('""')).toBe('');
  });

  it('removes nothing else', () => {
    for (const text of ['"', '$remit review', '"$remit review', '$remit review"', "'$remit review'", ' "$remit review"', '“$remit review”']) {
      expect(unwrapOpencodeRunQuotes(text)).toBe(text);
    }
  });

  it('turns the opencode run text back into a directive', () => {
    const text = unwrapOpencodeRunQuotes('"$remit review: look"');
    expect(parsePrompt(text, { projectRoot: '/p', previous: defaultContract() }).kind).toBe('directive');
  });
});
