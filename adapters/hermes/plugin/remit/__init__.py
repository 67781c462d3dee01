"""remit for Hermes Agent: a thin in-process plugin that hands each hook to remit's runtime.

Hermes calls plugin hooks in-process with keyword arguments. remit's decisions live in its
Node bundle, so every hook becomes one `node <bundle> hook hermes <event>` run with the
payload on stdin, in Hermes's own shell-hook wire shape (session_id, hook_event_name, cwd,
tool_name, tool_input, extra: the session first, so a payload cut at remit's stdin cap still
names it). What comes back is already in Hermes's words:
pre_tool_call {"action": "block", "message"}, pre_llm_call {"context"}.

Kept here, in the long-lived Hermes process, because one hook run cannot remember it:
child session -> root session (subagent_start names both; delegate_task children run as
threads of this process), and the contract line re-injected every turn (pre_llm_call
context is ephemeral in Hermes).
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import threading

# What this plugin sends `remit hook hermes`, so `remit doctor` can tell an installed copy older
# than the bundle (adapters/hermes/install.ts HERMES_PLUGIN_PROTOCOL). 2: session and event lead
# every payload. A plugin without this line sends the tool input first, and a call over remit's
# stdin cap names no session to refuse it in.
REMIT_PLUGIN_PROTOCOL = 2

_HERE = os.path.dirname(os.path.abspath(__file__))
_LAUNCHER = os.path.join(_HERE, "launcher.json")
# Hermes main bounds plugin callbacks at 30 s by default and fails pre_tool_call closed after
# that; remit answers in milliseconds, so a run this long means something is wrong.
_TIMEOUT_S = 20.0
_MAX_FIELD = 64 * 1024
_MAX_DEPTH = 16

_HOOKS = (
    "on_session_start",
    "pre_llm_call",
    "pre_tool_call",
    "post_tool_call",
    "on_session_end",
    "on_session_finalize",
    "subagent_start",
    "subagent_stop",
    "transform_tool_result",
)

# Tools that only look: still allowed when remit itself cannot run (its GUARD_ERROR rule).
_READ_ONLY_TOOLS = {
    "read_file", "search_files", "web_search", "web_extract", "vision_analyze",
    "video_analyze", "skills_list", "skill_view", "session_search", "todo", "clarify",
}

_lock = threading.Lock()
_parents: dict = {}
_standing: dict = {}
_last_session = {"id": ""}
# delegate_task calls allowed and not yet finished, per root session: a subagent_start in that
# session belongs to the one running call (its reservation), when there is exactly one.
_running_delegations: dict = {}
# Report notes (observing mode) waiting for their tool's result, by tool_call_id.
_reports: dict = {}


def _launcher() -> tuple:
    node = os.environ.get("REMIT_HERMES_NODE", "")
    bundle = os.environ.get("REMIT_HERMES_BUNDLE", "")
    if not (node and bundle):
        try:
            with open(_LAUNCHER, "r", encoding="utf-8") as fh:
                data = json.load(fh)
            node = node or str(data.get("node", ""))
            bundle = bundle or str(data.get("bundle", ""))
        except (OSError, ValueError):
            pass
    return node, bundle


def _root(session_id: str) -> str:
    current = session_id
    seen = {current}
    with _lock:
        for _ in range(_MAX_DEPTH):
            up = _parents.get(current)
            if not up or up in seen:
                break
            seen.add(up)
            current = up
    return current


def _jsonable(value, depth: int = 0):
    if depth > 6:
        return None
    if value is None or isinstance(value, (bool, int, float)):
        return value
    if isinstance(value, str):
        return value if len(value) <= _MAX_FIELD else None
    if isinstance(value, dict):
        return {str(k): _jsonable(v, depth + 1) for k, v in list(value.items())[:512]}
    if isinstance(value, (list, tuple)):
        return [_jsonable(v, depth + 1) for v in list(value)[:512]]
    text = str(value)
    return text if len(text) <= _MAX_FIELD else None


def _payload(event: str, kwargs: dict) -> dict:
    extra = {k: v for k, v in kwargs.items() if k not in ("tool_name", "args", "session_id", "cwd", "conversation_history")}
    raw_session = kwargs.get("session_id") or ""
    if event in ("subagent_start", "subagent_stop"):
        raw_session = kwargs.get("parent_session_id") or raw_session
    if not raw_session and event in ("pre_tool_call", "post_tool_call"):
        # Some Hermes releases pass only task_id on the concurrent tool path: act for the
        # session whose turn is running, never as a fresh unarmed one.
        raw_session = _last_session["id"]
    session = _root(raw_session) if raw_session else ""
    if raw_session and session != raw_session:
        extra["remit_source_session_id"] = raw_session
    if event in ("subagent_start", "subagent_stop"):
        extra["parent_session_id"] = session
        with _lock:
            running = list(_running_delegations.get(session, ()))
        if len(running) == 1:
            extra["remit_reservation_id"] = running[0]
    # Session and event first: a payload cut at remit's stdin cap still names them, so a huge
    # tool call in an armed session is refused rather than read as nothing.
    return {
        "session_id": session,
        "hook_event_name": event,
        "cwd": kwargs.get("cwd") or os.environ.get("TERMINAL_CWD") or os.getcwd(),
        "tool_name": kwargs.get("tool_name"),
        "tool_input": kwargs.get("args"),
        "extra": _jsonable(extra),
    }


def _command(event: str):
    node, bundle = _launcher()
    if node and bundle:
        return [node, bundle, "hook", "hermes", event]
    # A project-scope copy carries no machine paths: it runs the `remit` found on PATH.
    found = shutil.which("remit")
    return [found, "hook", "hermes", event] if found else None


def _run(event: str, payload: dict):
    """One runtime call: (answer dict, None) or (None, why it could not run)."""
    command = _command(event)
    if command is None:
        return None, "remit is not configured (no launcher.json and no `remit` on PATH); run `remit install hermes`"
    try:
        proc = subprocess.run(
            command,
            input=json.dumps(payload, default=str).encode("utf-8"),
            capture_output=True,
            timeout=_TIMEOUT_S,
            check=False,
        )
    except (OSError, subprocess.SubprocessError) as exc:
        return None, "remit could not run ({}: {})".format(type(exc).__name__, exc)
    if proc.returncode != 0 and not proc.stdout.strip():
        # remit answers every event with exit 0; a failed run said nothing it checked.
        return None, "remit exited {} without an answer".format(proc.returncode)
    try:
        answer = json.loads(proc.stdout.decode("utf-8", "replace") or "{}")
    except ValueError:
        return None, "remit answered something that is not JSON (exit {})".format(proc.returncode)
    return (answer if isinstance(answer, dict) else {}), None


def _remember(session: str, answer: dict) -> None:
    standing = answer.get("remit", {}).get("standing") if isinstance(answer.get("remit"), dict) else None
    if session and isinstance(standing, str) and standing:
        with _lock:
            _standing[session] = standing


def on_session_start(**kwargs):
    payload = _payload("on_session_start", kwargs)
    answer, _ = _run("on_session_start", payload)
    if answer:
        _remember(payload["session_id"], answer)
    return None


def pre_llm_call(**kwargs):
    raw = kwargs.get("session_id") or ""
    payload = _payload("pre_llm_call", kwargs)
    if raw and raw == payload["session_id"]:
        _last_session["id"] = raw
    answer, _ = _run("pre_llm_call", payload)
    if answer:
        _remember(payload["session_id"], answer)
        context = answer.get("context")
        if isinstance(context, str) and context:
            return {"context": context}
    if raw and raw != payload["session_id"]:
        return None
    with _lock:
        standing = _standing.get(payload["session_id"])
    return {"context": standing} if standing else None


def pre_tool_call(**kwargs):
    payload = _payload("pre_tool_call", kwargs)
    answer, why = _run("pre_tool_call", payload)
    if answer is None:
        if str(kwargs.get("tool_name") or "") in _READ_ONLY_TOOLS:
            return None
        return {"action": "block", "message": "remit refused this action: GUARD_ERROR (I)\n" + str(why) + ". Run `remit doctor`."}
    if answer.get("action") == "block" and isinstance(answer.get("message"), str) and answer["message"]:
        return {"action": "block", "message": answer["message"]}
    call_id = str(kwargs.get("tool_call_id") or "")
    note = answer.get("remit", {}).get("report") if isinstance(answer.get("remit"), dict) else None
    if call_id and isinstance(note, str) and note:
        with _lock:
            _reports[call_id] = note
    if call_id and str(kwargs.get("tool_name") or "") == "delegate_task":
        with _lock:
            _running_delegations.setdefault(payload["session_id"], []).append(call_id)
    return None


def transform_tool_result(**kwargs):
    """Appends a report note (remit observing, not blocking) to the tool result the model reads."""
    call_id = str(kwargs.get("tool_call_id") or "")
    with _lock:
        note = _reports.pop(call_id, None)
    result = kwargs.get("result")
    if not note or not isinstance(result, str):
        return None
    return result + "\n\n" + note


def _observe(event: str):
    def hook(**kwargs):
        if event == "post_tool_call":
            call_id = str(kwargs.get("tool_call_id") or "")
            with _lock:
                for calls in _running_delegations.values():
                    if call_id in calls:
                        calls.remove(call_id)
        if event == "subagent_start":
            child = kwargs.get("child_session_id")
            parent = kwargs.get("parent_session_id")
            if child and parent and child != parent:
                with _lock:
                    _parents[str(child)] = str(parent)
        _run(event, _payload(event, kwargs))
        return None

    hook.__name__ = event
    return hook


post_tool_call = _observe("post_tool_call")
on_session_end = _observe("on_session_end")
on_session_finalize = _observe("on_session_finalize")
subagent_start = _observe("subagent_start")
subagent_stop = _observe("subagent_stop")


def remit_command(raw_args="", *args, **kwargs):
    """`/remit review -- …` typed to Hermes: the directive, applied to the current session."""
    text = raw_args if isinstance(raw_args, str) else ""
    session = _last_session["id"] or str(kwargs.get("session_id") or "")
    payload = {"hook_event_name": "remit_command", "tool_name": None, "tool_input": None,
               "session_id": _root(session) if session else "", "cwd": os.environ.get("TERMINAL_CWD") or os.getcwd(),
               "extra": {"args": text}}
    answer, why = _run("remit_command", payload)
    if answer is None:
        return "remit: " + str(why)
    _remember(payload["session_id"], answer)
    return str(answer.get("message") or "")


def register(ctx):
    table = {
        "on_session_start": on_session_start,
        "pre_llm_call": pre_llm_call,
        "pre_tool_call": pre_tool_call,
        "post_tool_call": post_tool_call,
        "on_session_end": on_session_end,
        "on_session_finalize": on_session_finalize,
        "subagent_start": subagent_start,
        "subagent_stop": subagent_stop,
        "transform_tool_result": transform_tool_result,
    }
    for name in _HOOKS:
        try:
            ctx.register_hook(name, table[name])
        except Exception:  # an older Hermes without this hook name: the others still count
            continue
    register_command = getattr(ctx, "register_command", None)
    if callable(register_command):
        try:
            register_command("remit", remit_command, description="Set or inspect the remit task contract")
        except Exception:
            pass
