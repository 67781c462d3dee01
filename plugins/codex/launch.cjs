#!/usr/bin/env node
// remit portable launcher: runs the remit bundle installed on this machine (see `remit install`).
'use strict';
const fs = require('fs');
const path = require('path');
const xdg = process.env.XDG_DATA_HOME;
const home = process.env.HOME && path.isAbsolute(process.env.HOME) ? process.env.HOME : require('os').homedir();
const data = xdg && path.isAbsolute(xdg) ? path.join(xdg, 'remit') : path.join(home, '.local', 'share', 'remit');
const pointer = path.join(data, 'current');
let bundle = '';
let damage = '';
function isFile(p) {
  try {
    return fs.statSync(p).isFile();
  } catch (e) {
    return false;
  }
}
try {
  const fd = fs.openSync(pointer, fs.constants.O_RDONLY | fs.constants.O_NONBLOCK);
  try {
    if (fs.fstatSync(fd).isFile()) bundle = fs.readFileSync(fd, 'utf8').trim();
    else damage = pointer + ' is not a file';
  } finally {
    fs.closeSync(fd);
  }
  if (!damage && !(bundle && path.isAbsolute(bundle) && isFile(bundle))) damage = pointer + ' names no installed bundle';
} catch (e) {
  if (!e || e.code !== 'ENOENT') damage = pointer + ' cannot be read (' + ((e && e.code) || e) + ')';
}
if (!damage && bundle) {
  try {
    require(bundle);
  } catch (e) {
    damage = bundle + ' cannot be loaded (' + ((e && e.code) || e) + ')';
  }
}
if (damage) {
  process.stderr.write('remit: its install on this machine is damaged: ' + damage + '; run remit install (remit doctor says more)\n');
  if (/^(?:pretooluse|beforetool)$/i.test(process.argv[4] || '')) process.exitCode = 2;
} else if (!bundle) {
  process.stderr.write('remit: not installed on this machine; this hook is inactive (run remit install)\n');
}
