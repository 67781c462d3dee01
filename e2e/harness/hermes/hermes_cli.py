"""A Hermes-shaped command line over the Hermes stand-in of adapters/hermes, for the e2e suite.

Hermes Agent cannot be installed here, so `hermes chat -q "<prompt>"` is reproduced from the
stand-in's plugin manager and agent (adapters/hermes/standin/hermes_standin.py): plugins are
loaded from $HERMES_HOME/plugins/<name>/ when `plugins.enabled` in $HERMES_HOME/config.yaml names
them (what `remit install hermes` writes), and a small model loop calls the Anthropic Messages
endpoint in HERMES_STANDIN_BASE_URL (the model double) offering Hermes's own tools. Every tool call
goes through the stand-in's pre_tool_call gate; effects are real (files written, commands run).
Results are reported as "stand-in", never as the real Hermes.

Usage: python3 hermes_cli.py <standin dir> chat -q "<prompt>" [--continue]
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import urllib.request

STANDIN_DIR = sys.argv[1]
sys.path.insert(0, STANDIN_DIR)
import hermes_standin as hs  # noqa: E402

HERMES_HOME = os.environ.get("HERMES_HOME") or os.path.join(os.path.expanduser("~"), ".hermes")
BASE_URL = os.environ["HERMES_STANDIN_BASE_URL"].rstrip("/")
CWD = os.getcwd()
STATE = os.path.join(HERMES_HOME, "e2e-standin-session.json")
MAX_STEPS = 12

TOOLS = [
    {"name": "terminal", "description": "Run a shell command.", "input_schema": {"type": "object", "properties": {"command": {"type": "string"}}, "required": ["command"]}},
    {"name": "write_file", "description": "Write a file.", "input_schema": {"type": "object", "properties": {"path": {"type": "string"}, "content": {"type": "string"}}, "required": ["path", "content"]}},
    {"name": "read_file", "description": "Read a file.", "input_schema": {"type": "object", "properties": {"path": {"type": "string"}}, "required": ["path"]}},
    {"name": "patch", "description": "Replace text in a file.", "input_schema": {"type": "object", "properties": {"mode": {"type": "string"}, "path": {"type": "string"}, "old_string": {"type": "string"}, "new_string": {"type": "string"}}, "required": ["path"]}},
    {"name": "delegate_task", "description": "Delegate a goal to a subagent.", "input_schema": {"type": "object", "properties": {"goal": {"type": "string"}}, "required": ["goal"]}},
]


def enabled_plugins() -> list:
    path = os.path.join(HERMES_HOME, "config.yaml")
    if not os.path.isfile(path):
        return []
    import yaml  # Hermes itself reads config.yaml with PyYAML

    with open(path, "r", encoding="utf-8") as fh:
        doc = yaml.safe_load(fh) or {}
    enabled = (doc.get("plugins") or {}).get("enabled") or []
    return [str(n) for n in enabled]


def load_manager() -> hs.PluginManager:
    names = enabled_plugins()
    manager = hs.PluginManager(enabled=names)
    root = os.path.join(HERMES_HOME, "plugins")
    for name in names:
        folder = os.path.join(root, name)
        if os.path.isdir(folder):
            manager.load_directory_plugin(folder)
    return manager


def resolve(path: str) -> str:
    return path if os.path.isabs(path) else os.path.join(CWD, path)


def execute(tool: str, args: dict):
    def run():
        if tool == "terminal":
            done = subprocess.run(["bash", "-c", str(args.get("command", ""))], cwd=CWD, capture_output=True, text=True, timeout=60)
            return json.dumps({"output": done.stdout + done.stderr, "exit_code": done.returncode})
        if tool == "write_file":
            target = resolve(str(args["path"]))
            os.makedirs(os.path.dirname(target), exist_ok=True)
            with open(target, "w", encoding="utf-8") as fh:
                fh.write(str(args.get("content", "")))
            return json.dumps({"success": True})
        if tool == "read_file":
            with open(resolve(str(args["path"])), "r", encoding="utf-8") as fh:
                return json.dumps({"content": fh.read()})
        if tool == "patch":
            target = resolve(str(args["path"]))
            with open(target, "r", encoding="utf-8") as fh:
                text = fh.read()
            old = str(args.get("old_string", ""))
            if old not in text:
                return json.dumps({"error": "old_string not found"})
            with open(target, "w", encoding="utf-8") as fh:
                fh.write(text.replace(old, str(args.get("new_string", "")), 1))
            return json.dumps({"success": True})
        return json.dumps({"error": "unknown tool " + tool})

    return run


def call_model(messages: list) -> dict:
    body = json.dumps({"model": "hermes-standin", "max_tokens": 1024, "stream": False, "tools": TOOLS, "messages": messages}).encode()
    req = urllib.request.Request(BASE_URL + "/v1/messages", data=body, headers={"content-type": "application/json", "x-api-key": "x"})
    with urllib.request.urlopen(req, timeout=60) as res:
        return json.loads(res.read().decode())


def loop(agent: hs.Agent, messages: list, session_id: str) -> str:
    text = ""
    for _ in range(MAX_STEPS):
        reply = call_model(messages)
        content = reply.get("content", [])
        messages.append({"role": "assistant", "content": content})
        text = "\n".join(b.get("text", "") for b in content if b.get("type") == "text")
        calls = [b for b in content if b.get("type") == "tool_use"]
        if not calls:
            return text
        results = []
        for call in calls:
            name, args = call["name"], call.get("input") or {}
            if name == "delegate_task" and session_id == agent.session_id:
                def child_tool(parent, child_session, goal=str(args.get("goal", ""))):
                    return loop(parent, [{"role": "user", "content": goal}], child_session)

                outcome = agent.delegate([str(args.get("goal", ""))], child_tool=child_tool)
            else:
                outcome = agent.tool(name, args, execute=execute(name, args), session_id=session_id, tool_call_id=call["id"])
            results.append({"type": "tool_result", "tool_use_id": call["id"], "content": outcome["result"], "is_error": bool(outcome.get("blocked"))})
        messages.append({"role": "user", "content": results})
    return text


def main() -> int:
    args = sys.argv[2:]
    if len(args) < 3 or args[0] != "chat" or args[1] != "-q":
        print("usage: hermes_cli.py <standin dir> chat -q <prompt> [--continue]", file=sys.stderr)
        return 2
    prompt = args[2]
    state = {}
    if "--continue" in args and os.path.isfile(STATE):
        with open(STATE, "r", encoding="utf-8") as fh:
            state = json.load(fh)
    manager = load_manager()
    agent = hs.Agent(manager, session_id=state.get("session_id", ""), cwd=CWD)
    if state:
        agent.turn = int(state.get("turn", 0))
    messages = state.get("messages", [])
    messages.append({"role": "user", "content": agent.user_turn(prompt)})
    text = loop(agent, messages, agent.session_id)
    agent.end_turn()
    agent.finalize()
    with open(STATE, "w", encoding="utf-8") as fh:
        json.dump({"session_id": agent.session_id, "turn": agent.turn, "messages": messages}, fh)
    for warning in manager.warnings:
        print("hermes stand-in: " + warning, file=sys.stderr)
    print(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
