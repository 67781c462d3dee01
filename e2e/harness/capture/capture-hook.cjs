#!/usr/bin/env node
// Records one spawned-hook payload (Claude Code, Codex) exactly as the host sent it on stdin, and
// answers nothing, so the host proceeds as if no hook were installed. Usage: capture-hook.cjs <dir>
'use strict';
const fs = require('node:fs');
const path = require('node:path');

const dir = process.argv[2];
const chunks = [];
process.stdin.on('data', (c) => chunks.push(c));
process.stdin.on('end', () => {
  const raw = Buffer.concat(chunks).toString('utf8');
  let event = 'unknown';
  try {
    const parsed = JSON.parse(raw);
    if (parsed && typeof parsed.hook_event_name === 'string') event = parsed.hook_event_name;
  } catch {
    // keep the raw text: a payload that is not JSON is itself a finding
  }
  fs.mkdirSync(dir, { recursive: true });
  const stamp = `${Date.now()}-${process.pid}`;
  fs.writeFileSync(path.join(dir, `${event}-${stamp}.json`), raw);
  process.exit(0);
});
