// Issue 9 principle 8: remote state is state. Requests that can change a server are
// mutations (refused in review); read-only subcommands of operations CLIs are reads.
import { describe, expect, it } from 'vitest';
import { EMPTY_CLASSIFIER_CONFIG, type ClassifyContext } from '../../classify/context.js';
import { virtualFileView } from '../../classify/file-view.js';
import { classifyShell } from '../classify-shell.js';

const ROOT = '/work/proj';
const ctx: ClassifyContext = {
  cwd: ROOT,
  projectRoot: ROOT,
  home: '/home/dev',
  files: virtualFileView(ROOT, {}),
  config: EMPTY_CLASSIFIER_CONFIG,
  digestKey: 'k',
  realpath: false,
};
const m = (cmd: string) => classifyShell(cmd, ctx).mutability;
const all = (cmds: string[], want: string | string[]) => {
  for (const cmd of cmds) {
    const got = m(cmd);
    expect({ cmd, ok: Array.isArray(want) ? want.includes(got) : got === want, got }).toMatchObject({ cmd, ok: true });
  }
};

describe('HTTP clients', () => {
  it('curl: -X other than GET/HEAD/OPTIONS, -d/--data*, -F, -T, --json change remote state', () => {
    all([
      'curl -X POST https://api.example.invalid/x', 'curl --request DELETE https://api.example.invalid/x', 'curl -XPUT https://api.example.invalid/x',
      'curl -d a=1 https://api.example.invalid/x', "curl --data-raw '{}' https://api.example.invalid/x", 'curl --data-binary @f.bin https://api.example.invalid/x',
      'curl --data-urlencode q=x https://api.example.invalid/x', 'curl -F f=@a.txt https://api.example.invalid/up', 'curl -T a.txt https://api.example.invalid/up',
      "curl --json '{}' https://api.example.invalid/x", 'curl -sS -X $M https://api.example.invalid/x',
    ], 'write');
  });
  it('curl: GET, HEAD, OPTIONS and -G with data are reads; unknown options are unproven', () => {
    all(['curl https://api.example.invalid/x', 'curl -sSL https://api.example.invalid/x', 'curl -X GET https://api.example.invalid/x', 'curl -I https://api.example.invalid/x', 'curl -X OPTIONS https://api.example.invalid/x', 'curl -G -d q=1 https://api.example.invalid/search'], 'read');
    expect(m('curl --frobnicate https://api.example.invalid/x')).toBe('unknown');
  });
  it('wget --method and --post-* change remote state', () => {
    all(['wget --method=DELETE -O - https://api.example.invalid/x', 'wget --post-data=a=1 -O - https://api.example.invalid/x', 'wget --post-file=f -O - https://api.example.invalid/x'], 'write');
    expect(m('wget -qO- https://api.example.invalid/x')).toBe('read');
  });
  it('httpie: a mutating method or data items change remote state; GET and query items do not', () => {
    all(['http POST api.example.invalid/x a=1', 'http DELETE api.example.invalid/x', 'http api.example.invalid/x name=v', 'https PUT api.example.invalid/x', 'xh PATCH api.example.invalid/x a:=1'], 'write');
    all(['http api.example.invalid/x', 'http GET api.example.invalid/x q==1 Accept:json', 'http --offline POST api.example.invalid/x a=1'], 'read');
  });
});
