import { describe, expect, it } from 'vitest';
import { codexHookHash, snakeEvent, trustKey, trustVerdict, withTrust } from './trust.js';

describe('Codex trust hash', () => {
  it('reproduces a hash Codex 0.171.0 accepted (hook ran under `codex exec` without the bypass flag)', () => {
    // Written by `remit install codex --trust` into a scratch CODEX_HOME, then verified: the
    // PreToolUse hook ran and refused the call (see docs/hosts/codex.md).
    const handler = {
      type: 'command',
      command: '/usr/bin/node /tmp/hosts/cx/data/remit/0.1.0/remit.cjs hook codex PreToolUse',
      timeout: 20,
      statusMessage: 'remit: checking this action against the task contract',
    };
    expect(codexHookHash('PreToolUse', undefined, handler)).toBe('sha256:721976c75baa4f3745731f8e765772a151a10828222536c82e906a0146699113');
  });

  it('treats defaults as omitted and changes with matcher, event, limit and status', () => {
    const base = { type: 'command', command: 'x' };
    expect(codexHookHash('Stop', undefined, base)).toBe(
      codexHookHash('Stop', undefined, { ...base, timeout: 600, async: false, additionalContextLimit: 2500 }),
    );
    const h = codexHookHash('Stop', undefined, base);
    expect(codexHookHash('Stop', 'a', base)).not.toBe(h);
    expect(codexHookHash('SubagentStop', undefined, base)).not.toBe(h);
    expect(codexHookHash('Stop', undefined, { ...base, additionalContextLimit: 0 })).not.toBe(h);
    expect(codexHookHash('Stop', undefined, { ...base, statusMessage: 's' })).not.toBe(h);
    expect(codexHookHash('Stop', undefined, { type: 'prompt', prompt: 'x' })).toBeNull();
  });

  it('keys by file, snake-case event and position', () => {
    expect(snakeEvent('PreToolUse')).toBe('pre_tool_use');
    expect(snakeEvent('SessionEnd')).toBe('session_end');
    expect(trustKey('/h/hooks.json', 'UserPromptSubmit', 2, 0)).toBe('/h/hooks.json:user_prompt_submit:2:0');
  });
});

describe('trust verdicts', () => {
  const h = 'sha256:aa';
  it('maps every record shape to a verdict and never guesses', () => {
    expect(trustVerdict(h, undefined).verdict).toBe('not yet trusted');
    expect(trustVerdict(h, { trusted_hash: h }).verdict).toBe('trusted');
    expect(trustVerdict(h, { trusted_hash: 'sha256:bb' }).verdict).toBe('modified');
    expect(trustVerdict(h, { trusted_hash: h, enabled: false }).verdict).toBe('disabled');
    expect(trustVerdict(h, { enabled: true }).verdict).toBe('not yet trusted');
    expect(trustVerdict(h, { trusted_hash: 5 }).verdict).toBe('unknown');
    expect(trustVerdict(h, { trusted_hash: h, enabled: 'no' }).verdict).toBe('unknown');
    expect(trustVerdict(h, 'unreadable').verdict).toBe('unknown');
    expect(trustVerdict(null, undefined).verdict).toBe('unknown');
  });
});

describe('withTrust', () => {
  const key = '/h/hooks.json:stop:0:0';
  it('appends a table, then leaves it unchanged, then updates only its hash line', () => {
    const user = 'model = "x"\n# keep me\n';
    const a = withTrust(user, key, 'sha256:1');
    expect(a.action).toBe('added');
    expect(a.text.startsWith(user)).toBe(true);
    expect(a.text).toContain('[hooks.state."/h/hooks.json:stop:0:0"]\ntrusted_hash = "sha256:1"\n');
    expect(withTrust(a.text, key, 'sha256:1').action).toBe('unchanged');
    const withEnabled = a.text.replace('trusted_hash = "sha256:1"', 'enabled = true\ntrusted_hash = "sha256:1"');
    const u = withTrust(withEnabled, key, 'sha256:2');
    expect(u.action).toBe('updated');
    expect(u.text).toContain('enabled = true\ntrusted_hash = "sha256:2"');
  });

  it('escapes quotes and backslashes in the key', () => {
    expect(withTrust('', 'C:\\h\\"x".json:stop:0:0', 'sha256:1').text).toContain('[hooks.state."C:\\\\h\\\\\\"x\\".json:stop:0:0"]');
  });
});
