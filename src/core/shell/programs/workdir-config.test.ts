import { describe, expect, it } from 'vitest';
import { virtualContext } from '../../../../test/support/classify-context.js';
import { classifyShell } from '../classify-shell.js';
import { cargoConfigHarmless, rcConfigHarmless, yarnYmlHarmless } from './workdir-config.js';

describe('configuration found in the working folder', () => {
  it('cargo: a key that names a program, or an escape that could spell one, is not harmless', () => {
    expect(cargoConfigHarmless('[term]\ncolor = "always"\n[net]\nretry = 3\n')).toBe(true);
    for (const text of [
      '[build]\nrustc = "./x.sh"\n',
      'build.rustc-wrapper = "sccache"\n',
      'build = { rustdoc = "x" }\n',
      '[target.x86_64-unknown-linux-gnu]\nlinker = "x"\n',
      '[target.\'cfg(unix)\']\nrunner = "x"\n',
      '[env]\nLD_PRELOAD = "x.so"\n',
      '"build"."\\u0072ustc" = "x"\n',
      '[registry]\ncredential-provider = "x"\n',
      'include = "other.toml"\n',
      '[build]\ntarget-dir = "../docs"\n',
    ])
      expect(cargoConfigHarmless(text), text).toBe(false);
  });

  it('.npmrc and .yarnrc: only keys that choose a registry or how output looks', () => {
    expect(rcConfigHarmless('# c\nsave-exact=true\n@acme:registry=https://npm.acme.test/\n//npm.acme.test/:_authToken=${T}\n')).toBe(true);
    expect(rcConfigHarmless('lastUpdateCheck 1700000000000\n"@acme:registry" "https://npm.acme.test/"\n')).toBe(true);
    expect(rcConfigHarmless('auto-install-peers=true\nstrict-peer-dependencies=false\npublic-hoist-pattern[]=*eslint*\n')).toBe(true);
    for (const text of [
      'script-shell=./x.sh\n',
      'node-options=--require ./x.js\n',
      'yarn-path "./x.js"\n',
      '--install.modules-folder x\n',
      'logs-dir=../docs\n',
      'prefix=/tmp\n',
    ])
      expect(rcConfigHarmless(text), text).toBe(false);
  });

  it('.yarnrc.yml: yarnPath, plugins and anything unlisted are not harmless', () => {
    expect(yarnYmlHarmless('nodeLinker: node-modules\nnpmScopes:\n  acme:\n    npmRegistryServer: "https://npm.acme.test"\n')).toBe(true);
    for (const text of ['yarnPath: .yarn/releases/x.cjs\n', 'plugins:\n  - path: x.cjs\n', 'injectEnvironmentFiles:\n  - .env\n', 'cacheFolder: ../docs\n'])
      expect(yarnYmlHarmless(text), text).toBe(false);
  });
});

describe('go: the toolchain go.work or go.mod names', () => {
  const ctx = virtualContext({
    'go.mod': 'module example.com/p\n\ngo 1.22\n',
    'tc/go.mod': 'module example.com/tc\n\ngo 1.22\n\ntoolchain go1.99.0\n',
    'def/go.mod': 'module example.com/d\n\ngo 1.22\ntoolchain default\n',
    'ws/go.work': 'go 1.22\ntoolchain go1.99.1\nuse .\n',
    'ws/go.mod': 'module example.com/ws\n\ngo 1.22\n',
  });
  const c = (cmd: string) => classifyShell(cmd, ctx);

  it('reads usage, version and listings when no toolchain line names another go', () => {
    for (const cmd of [
      'go build -h',
      'go test -h',
      'go mod tidy -h',
      'go -h',
      'go version',
      'go env GOPATH',
      'go list ./...',
      'cd def && go build -h',
      'GOTOOLCHAIN=local go build -h',
      'export GOTOOLCHAIN=local; cd tc && go version',
    ])
      expect(c(cmd).mutability, cmd).toBe('read');
  });

  it('leaves go unproven where a toolchain line or GOTOOLCHAIN names another go, with the toolchain as a dependency', () => {
    for (const cmd of [
      'cd tc && go build -h',
      'cd tc && go version',
      'cd ws && go list ./...',
      'go mod init x && cd tc && go mod graph',
      'GOTOOLCHAIN=go1.99.0 go version',
      'GOTOOLCHAIN=auto go build -h',
      'export GOTOOLCHAIN=go1.99.0; go version',
      'GOWORK=/tmp/x.work go version',
      'echo "toolchain go1.99.0" >> go.mod; go version',
    ]) {
      const r = c(cmd);
      expect(r.mutability, cmd).not.toBe('read');
    }
    expect(c('cd tc && go build -h').intents.dependency).toBe(true);
    // Not usage: a build with -h among its words is judged as a build.
    for (const cmd of ['go build -h ./...', 'go frob -h', 'go mod frob -h']) expect(c(cmd).mutability, cmd).not.toBe('read');
  });
});
