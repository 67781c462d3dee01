"""Drives remit's Hermes plugin inside the Hermes stand-in; prints one JSON object of facts.

Run by adapters/hermes/plugin.test.ts with REMIT_HERMES_NODE / REMIT_HERMES_BUNDLE pointing
at the built remit bundle, REMIT_HOME and HOME in a scratch folder, TERMINAL_CWD the project.
"""

import json
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import hermes_standin as hs  # noqa: E402

PLUGIN_DIR = sys.argv[1]
PROJECT = os.environ["TERMINAL_CWD"]
facts = {}

manager = hs.PluginManager(enabled=["remit"])
facts["loaded"] = manager.load_directory_plugin(PLUGIN_DIR)
facts["hooks"] = sorted(manager.hooks)
facts["commands"] = sorted(manager.commands)
facts["warnings"] = manager.warnings

# A plugin that is not enabled is not loaded at all.
facts["disabled_loads"] = hs.PluginManager(enabled=[]).load_directory_plugin(PLUGIN_DIR)

agent = hs.Agent(manager, session_id="sess_root", cwd=PROJECT)
facts["turn1"] = agent.user_turn("$remit review -- look at the diff")
target = os.path.join(PROJECT, "written.txt")


def write_it():
    with open(target, "w") as fh:
        fh.write("x")
    return json.dumps({"success": True})


facts["write"] = agent.tool("write_file", {"path": target, "content": "x"}, execute=write_it)
facts["written"] = os.path.exists(target)
facts["read"] = agent.tool("read_file", {"path": target})
facts["patch_v4a"] = agent.tool("patch", {"mode": "patch", "patch": "*** Begin Patch\n*** Add File: b.txt\n+x\n*** End Patch"})
agent.end_turn()
facts["turn2"] = agent.user_turn("and the tests?")

# A subagent thread acts under the root session's contract.
child_results = []


def child_tool(parent, child_session):
    r = parent.tool("write_file", {"path": os.path.join(PROJECT, "child.txt"), "content": "x"}, session_id=child_session)
    child_results.append(r)
    return r


facts["delegate_review"] = agent.delegate(["look"], child_tool=child_tool)
facts["child_write"] = child_results[0] if child_results else None

# Budget: agents=1 refuses a batch of two before any child starts.
budget = hs.Agent(manager, session_id="sess_budget", cwd=PROJECT)
budget.user_turn("$remit change agents=1")
facts["batch_of_two"] = budget.delegate(["a", "b"])
facts["one"] = budget.delegate(["a"])
facts["one_again"] = budget.delegate(["b"])

# Observing mode: the note rides on the tool result (transform_tool_result).
watch = hs.Agent(manager, session_id="sess_watch", cwd=PROJECT)
watch.user_turn("$remit review watch")
facts["watch_write"] = watch.tool("write_file", {"path": os.path.join(PROJECT, "w.txt"), "content": "x"})

# Bad input never crashes the plugin: odd types, a huge command, hostile text.
bad = hs.Agent(manager, session_id="sess_bad", cwd=PROJECT)
bad.user_turn("$remit review")
facts["bad_args"] = bad.tool("write_file", {"path": 42, "content": None})
facts["huge"] = bad.tool("terminal", {"command": "echo " + "A" * 200000 + " > f"})
facts["hostile"] = bad.tool("write_file", {"path": "\u202e../../etc/\u0000passwd", "content": "x"})

# remit unreachable: writes are refused, reads go on.
os.environ["REMIT_HERMES_NODE"] = "/nonexistent/node"
broken = hs.Agent(manager, session_id="sess_broken", cwd=PROJECT)
facts["broken_write"] = broken.tool("write_file", {"path": os.path.join(PROJECT, "z.txt"), "content": "x"})
facts["broken_read"] = broken.tool("read_file", {"path": "z.txt"})

print(json.dumps(facts))
