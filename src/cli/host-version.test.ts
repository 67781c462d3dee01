import { describe, expect, it } from 'vitest';
import { opencodeHost } from '../../adapters/opencode/host.js';
import { claudeHost } from '../../adapters/claude/host.js';
import type { DoctorRow } from '../../adapters/host-module.js';
import { hostVersionFact, rangeMajors, supportedMajor, withVersionCheck } from './host-version.js';

const row: DoctorRow = {
  host: 'claude',
  protected: true,
  applicable: true,
  lines: ['protected: yes — registered and the live probe refused a write', 'registered (user): x'],
};

describe('the installed host version against the verified range', () => {
  it('a version outside the range is "not verified", never "protected: yes"', () => {
    const r = withVersionCheck(row, claudeHost, { binary: 'claude', path: '/bin/claude', version: '2.2.0' });
    expect(r.protected).toBe(false);
    expect(r.lines[0]).toMatch(/^protected: not verified — Claude Code 2\.2\.0 \(\/bin\/claude\) is outside the range/);
    expect(r.lines[1]).toBe("remit's own check: registered and the live probe refused a write");
  });

  it('a major version the host module lists is known even outside the verified range', () => {
    const r = withVersionCheck({ ...row, host: 'opencode' }, opencodeHost, { binary: 'opencode', path: '/bin/opencode', version: '2.3.0' });
    expect(r.protected).toBe(false);
    expect(r.lines[0]).toMatch(/^protected: not verified — OpenCode 2\.3\.0 .* is outside the range/);
    expect(supportedMajor('2.3.0', opencodeHost.capability.verified.range, opencodeHost.install.majors)).toBe(true);
  });

  it('a major version remit has no form for says the host may skip remit entirely', () => {
    const r = withVersionCheck({ ...row, host: 'opencode' }, opencodeHost, { binary: 'opencode', path: '/bin/opencode', version: '3.0.1' });
    expect(r.protected).toBe(false);
    expect(r.lines[0]).toContain('a major version remit has no plugin form for');
  });

  it('within the range keeps the verdict and names the version', () => {
    const r = withVersionCheck(row, claudeHost, { binary: 'claude', path: '/bin/claude', version: '2.1.332' });
    expect(r.protected).toBe(true);
    expect(r.lines.at(-1)).toBe('Claude Code 2.1.332 at /bin/claude: within the verified range >=2.1.197 <2.2.0');
  });

  it('says plainly when it cannot tell, and adds nothing for a host that is not here', () => {
    // Registered and probed, but no host here runs it: never "protected: yes".
    const missing = withVersionCheck(row, claudeHost, { binary: 'claude', path: null, version: null });
    expect(missing).toMatchObject({ protected: false, applicable: false });
    expect(missing.lines[0]).toBe(
      "protected: cannot tell — Claude Code is not installed here (`claude` is not on PATH); remit's hooks would guard it once it is",
    );
    expect(missing.lines.slice(1)).toEqual(["remit's own check: registered and the live probe refused a write", 'registered (user): x']);
    const broken = { ...row, protected: false, lines: ['protected: no — remit is not registered'] };
    expect(withVersionCheck(broken, claudeHost, { binary: 'claude', path: null, version: null }).lines).toEqual([
      'protected: no — remit is not registered',
      "Claude Code: `claude` is not on PATH, so remit cannot tell which version runs remit's hooks or whether it was verified against it",
    ]);
    const absent = { ...row, applicable: false, protected: false };
    expect(withVersionCheck(absent, claudeHost, { binary: 'claude', path: null, version: null })).toEqual(absent);
  });

  it('asks the binary the host module names', () => {
    const ran: string[] = [];
    const fact = hostVersionFact(claudeHost, {
      which: (n) => `/opt/${n}`,
      exec: (c) => {
        ran.push(c);
        return { status: 0, stdout: '2.1.332 (Claude Code)\n', stderr: '' };
      },
      env: {},
      cwd: '/',
    });
    expect(fact).toEqual({ binary: 'claude', path: '/opt/claude', version: '2.1.332' });
    expect(ran).toEqual(['"/opt/claude" --version']);
  });

  it('reads the majors a range names', () => {
    expect([...rangeMajors('>=1.18.33 <1.19.0 || >=2.1.2 <2.2.0')]).toEqual([1, 2]);
    expect(supportedMajor('2.9.0', '>=2.1.197 <2.2.0')).toBe(true);
    expect(supportedMajor('3.0.0', '>=2.1.197 <2.2.0')).toBe(false);
  });
});
