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

describe('composer: the plugins the project installs', () => {
  const plugin = JSON.stringify({ packages: [{ name: 'evil/plugin', type: 'composer-plugin', extra: { class: 'Evil\\Plugin' } }] });
  const ctx = virtualContext({
    'composer.json': '{"name": "me/p", "autoload": {"psr-4": {"App\\\\": "src/"}}}',
    'vendor/composer/installed.json': JSON.stringify({ packages: [{ name: 'monolog/monolog', type: 'library' }] }),
    'plug/composer.json': '{"name": "me/plug", "config": {"allow-plugins": true}}',
    'plug/vendor/composer/installed.json': plugin,
    'plug/sub/README.md': '# sub\n',
    'esc/composer.json': '{"name": "me/esc"}',
    'esc/vendor/composer/installed.json': plugin.replace('composer-plugin', 'composer\\u002dplugin'),
    'moved/composer.json': '{"config": {"vendor-dir": "lib"}}',
  });
  const m = (cmd: string) => classifyShell(cmd, ctx).mutability;

  it('reads where no plugin is installed, or with --no-plugins, or in COMPOSER_HOME', () => {
    for (const cmd of [
      'composer show',
      'composer show -t',
      'composer config --list',
      'composer config repositories',
      'composer global show',
      'composer home -s monolog/monolog',
      'composer --help',
      'composer -V',
      'cd plug && composer show --no-plugins',
      'cd plug && composer -V',
      'cd plug && composer global show',
    ])
      expect(m(cmd), cmd).toBe('read');
  });

  it('leaves a read unknown where a plugin may load, and keeps config writes writes', () => {
    for (const cmd of [
      'cd plug && composer show',
      'cd plug && composer --help',
      'cd plug && composer config --list',
      'cd plug/sub && composer licenses',
      'composer -d plug show',
      'composer --working-dir=plug licenses',
      'cd esc && composer show',
      'cd moved && composer show',
      'composer home monolog/monolog',
      'composer config -e',
      'composer config',
      // Both create the user's configuration where it is missing (config.json and auth.json,
      // COMPOSER_HOME's composer.json), checked with composer 2.5.
      'composer config -l --global',
      'composer global config --list',
      'COMPOSER_VENDOR_DIR=plug/vendor composer show',
      'export COMPOSER=plug/composer.json; composer show',
      'echo x > vendor/composer/installed.json; composer show',
    ])
      expect(m(cmd), cmd).not.toBe('read');
    for (const cmd of ['composer config a b', 'composer config --unset a', 'composer global require x']) expect(m(cmd), cmd).toBe('write');
  });
});
