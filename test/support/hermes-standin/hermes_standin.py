"""A stand-in for the parts of Hermes Agent a plugin meets, for testing remit's plugin.

Hermes cannot be installed where remit is built, so this reproduces its plugin conventions
from its own documentation and sources (hooks.md, plugins.md, hermes_cli/plugins.py and
plugins_dispatch.py on main, read through stored copies):

- a directory plugin is `plugin.yaml` + `__init__.py` exposing `register(ctx)`; the plugin
  runs only when its name is in `plugins.enabled`;
- `ctx.register_hook(name, callback)` for names in VALID_HOOKS (others are refused with a
  warning); `ctx.register_command(name, handler, description="", args_hint="")`;
- callbacks are called with keyword arguments only; results that are None are dropped;
- pre_tool_call kwargs: tool_name, args, task_id, session_id, tool_call_id, turn_id,
  api_request_id, middleware_trace; the first dict with action "block" and a non-empty str
  message wins and the message becomes the tool's error result (`{"error": message}`);
  "approve" escalates to the human gate (main only); a raising callback blocks (main is fail
  closed; v0.15.1 was fail open);
- pre_llm_call kwargs: session_id, user_message, conversation_history, is_first_turn, model,
  platform; a {"context": str} or a plain str is appended to the user message, plugins'
  contexts joined by blank lines;
- post_tool_call kwargs: tool_name, args, result (str), task_id, duration_ms, session_id,
  tool_call_id; transform_tool_result may return a replacement string (first non-None wins);
- on_session_start (first turn of a new session), on_session_end (after every
  run_conversation), on_session_finalize (exit), subagent_start / subagent_stop (parent and
  child session ids; delegate_task children run in threads of the same process).
"""

from __future__ import annotations

import importlib.util
import json
import os
import sys
import threading
import uuid

VALID_HOOKS = {
    "pre_tool_call", "post_tool_call", "transform_terminal_output", "transform_tool_result",
    "transform_llm_output", "pre_llm_call", "post_llm_call", "on_stream_start", "on_stream_delta",
    "on_stream_end", "on_interim_message", "pre_verify", "pre_api_request", "post_api_request",
    "api_request_error", "transform_api_error_classification", "on_session_start", "on_session_end",
    "on_session_finalize", "on_session_reset", "on_skill_lifecycle", "subagent_start", "subagent_stop",
    "pre_gateway_dispatch", "agent_loop_stopped", "pre_approval_request", "post_approval_response",
    "pre_command",
}


class PluginContext:
    def __init__(self, manager: "PluginManager", name: str):
        self._manager = manager
        self.plugin_id = name

    def register_hook(self, hook_name, callback):
        if hook_name not in VALID_HOOKS:
            self._manager.warnings.append("unknown hook {!r} from {}".format(hook_name, self.plugin_id))
            return
        if not callable(callback):
            raise TypeError("callback must be callable")
        self._manager.hooks.setdefault(hook_name, []).append(callback)

    def register_command(self, name, handler, description="", args_hint=""):
        if not (isinstance(name, str) and name and callable(handler)):
            raise TypeError("bad command registration")
        self._manager.commands[name] = handler


class PluginManager:
    def __init__(self, enabled=()):
        self.enabled = set(enabled)
        self.hooks: dict = {}
        self.commands: dict = {}
        self.warnings: list = []
        self.fail_closed = True

    def load_directory_plugin(self, directory: str) -> bool:
        manifest = os.path.join(directory, "plugin.yaml")
        init = os.path.join(directory, "__init__.py")
        if not (os.path.isfile(manifest) and os.path.isfile(init)):
            raise FileNotFoundError("a directory plugin needs plugin.yaml and __init__.py")
        name = None
        with open(manifest, "r", encoding="utf-8") as fh:
            for line in fh:
                if line.startswith("name:"):
                    name = line.split(":", 1)[1].strip().strip('"')
        if not name:
            raise ValueError("plugin.yaml has no name")
        if name not in self.enabled:
            return False
        spec = importlib.util.spec_from_file_location("hermes_plugins." + name, init, submodule_search_locations=[directory])
        module = importlib.util.module_from_spec(spec)
        sys.modules[spec.name] = module
        spec.loader.exec_module(module)
        module.register(PluginContext(self, name))
        return True

    def invoke_hook(self, hook_name, **kwargs):
        results = []
        for cb in self.hooks.get(hook_name, []):
            try:
                ret = cb(**kwargs)
            except Exception as exc:  # noqa: BLE001 - Hermes logs and carries on
                if hook_name == "pre_tool_call" and self.fail_closed:
                    ret = {"action": "block", "message": "pre_tool_call plugin callback {} failed: {}".format(getattr(cb, "__name__", cb), exc)}
                else:
                    self.warnings.append("hook {} raised {}".format(hook_name, exc))
                    continue
            if ret is not None:
                results.append(ret)
        return results

    def pre_tool_block(self, tool_name, args, **ids):
        kwargs = dict(tool_name=tool_name, args=args if isinstance(args, dict) else {}, task_id=ids.get("task_id", ""),
                      session_id=ids.get("session_id", ""), tool_call_id=ids.get("tool_call_id", ""),
                      turn_id=ids.get("turn_id", ""), api_request_id="", middleware_trace=[])
        for result in self.invoke_hook("pre_tool_call", **kwargs):
            if not isinstance(result, dict):
                continue
            action = result.get("action")
            message = result.get("message")
            if action == "block" and isinstance(message, str) and message:
                return message
            if action == "approve":
                return "BLOCKED: plugin approval required for {}".format(tool_name)
        return None

    def llm_context(self, **kwargs):
        parts = []
        for r in self.invoke_hook("pre_llm_call", **kwargs):
            if isinstance(r, dict) and isinstance(r.get("context"), str) and r["context"]:
                parts.append(r["context"])
            elif isinstance(r, str) and r:
                parts.append(r)
        return "\n\n".join(parts)


class Agent:
    """One Hermes conversation: turns, tool calls through the plugin gate, subagent threads."""

    def __init__(self, manager: PluginManager, session_id: str = "", cwd: str = ""):
        self.manager = manager
        self.session_id = session_id or "sess_" + uuid.uuid4().hex[:12]
        self.cwd = cwd or os.getcwd()
        self.turn = 0
        self.user_messages: list = []

    def user_turn(self, text: str) -> str:
        self.turn += 1
        if self.turn == 1:
            self.manager.invoke_hook("on_session_start", session_id=self.session_id, model="stand-in", platform="cli")
        context = self.manager.llm_context(session_id=self.session_id, user_message=text, conversation_history=[],
                                           is_first_turn=self.turn == 1, model="stand-in", platform="cli")
        sent = text + ("\n\n" + context if context else "")
        self.user_messages.append(sent)
        return sent

    def tool(self, tool_name: str, args: dict, execute=None, session_id: str | None = None, tool_call_id: str | None = None) -> dict:
        call_id = tool_call_id or "call_" + uuid.uuid4().hex[:8]
        sid = self.session_id if session_id is None else session_id
        block = self.manager.pre_tool_block(tool_name, args, task_id="", session_id=sid, tool_call_id=call_id, turn_id="t{}".format(self.turn))
        if block is not None:
            return {"blocked": True, "result": json.dumps({"error": block})}
        result = execute() if execute else json.dumps({"success": True})
        self.manager.invoke_hook("post_tool_call", tool_name=tool_name, args=args, result=result, task_id="", duration_ms=1,
                                 session_id=sid, tool_call_id=call_id)
        for r in self.manager.invoke_hook("transform_tool_result", tool_name=tool_name, args=args, result=result,
                                          session_id=sid, tool_call_id=call_id):
            if isinstance(r, str):
                result = r
                break
        return {"blocked": False, "result": result}

    def delegate(self, goals, child_tool=None):
        """delegate_task: gated like any tool, then one thread per child with its own session."""
        args = {"goal": goals[0]} if len(goals) == 1 else {"tasks": [{"goal": g} for g in goals]}
        call_id = "call_" + uuid.uuid4().hex[:8]
        block = self.manager.pre_tool_block("delegate_task", args, session_id=self.session_id, tool_call_id=call_id)
        if block is not None:
            return {"blocked": True, "result": json.dumps({"error": block}), "children": []}
        outcomes = []

        def run_child(goal):
            child = "sess_child_" + uuid.uuid4().hex[:8]
            self.manager.invoke_hook("subagent_start", parent_session_id=self.session_id, parent_turn_id="t{}".format(self.turn),
                                     parent_subagent_id=None, child_session_id=child, child_subagent_id=child,
                                     child_role="worker", child_goal=goal)
            out = child_tool(self, child) if child_tool else None
            outcomes.append(out)
            self.manager.invoke_hook("subagent_stop", parent_session_id=self.session_id, child_role="worker", child_summary="done",
                                     child_status="completed", tool_call_history=[], duration_ms=1, child_session_id=child,
                                     child_subagent_id=child)

        threads = [threading.Thread(target=run_child, args=(g,)) for g in goals]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        result = json.dumps({"results": ["done"] * len(goals)})
        self.manager.invoke_hook("post_tool_call", tool_name="delegate_task", args=args, result=result, task_id="", duration_ms=1,
                                 session_id=self.session_id, tool_call_id=call_id)
        return {"blocked": False, "result": result, "children": outcomes}

    def end_turn(self):
        self.manager.invoke_hook("on_session_end", session_id=self.session_id, completed=True, interrupted=False, model="stand-in", platform="cli")

    def finalize(self):
        self.manager.invoke_hook("on_session_finalize", session_id=self.session_id, platform="cli")
