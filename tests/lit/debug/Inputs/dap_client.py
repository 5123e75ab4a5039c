#!/usr/bin/env python3
"""A scripted Debug Adapter Protocol client for the `shaderlens dap` tests (python3 stdlib only).

usage: dap_client.py SHADERLENS COMMAND...

Starts `SHADERLENS dap`, runs each COMMAND in order and prints a canonical transcript: one line
per request (`command -> key fields`) and per event, so FileCheck can check it. Commands:
  initialize                   the initialize request; prints the capabilities that are true
  launch JSON                  launch with these arguments; waits for `initialized` or the error
  break FILE LINE[:COND]...    setBreakpoints for FILE (absolute path) with those lines
  done                         configurationDone; waits for the launch answer and the first stop
  threads | stack [THREAD] | scopes [THREAD]
  locals [THREAD] | globals [THREAD]   the variables of the top frame's scope (THREAD: a thread id)
  expand NAME                  the children of NAME among the variables printed last
  eval EXPR [@THREAD]          evaluate (context watch) in THREAD's top frame
  next | stepIn | stepOut | stepBack | reverseContinue | continue | pause | restart [instruction]
  request NAME [JSON]          any request, its answer printed as it comes
  send JSON                    a raw message object (not necessarily a request)
  bytes TEXT                   raw bytes on the adapter's stdin (\\r, \\n and \\\\ escapes)
  disconnect                   the disconnect request
  close                        closes stdin, waits for the adapter's exit and prints its status
Every wait gives up after 60 seconds and says so, so a hanging adapter fails the test.
"""
import json
import os
import select
import subprocess
import sys
import time

TIMEOUT = 60.0


class Client:
    def __init__(self, shaderlens):
        self.proc = subprocess.Popen([shaderlens, "dap"], stdin=subprocess.PIPE, stdout=subprocess.PIPE)
        self.buffer = b""
        self.seq = 0
        self.pending = []  # messages read but not consumed yet
        self.thread = None  # the thread of the last stop
        self.variables = []  # the last printed variables
        self.scopes = {}

    # ---- framing ----
    def write(self, data):
        try:
            self.proc.stdin.write(data)
            self.proc.stdin.flush()
        except BrokenPipeError:
            print("client: the adapter closed its input")

    def send(self, message):
        body = json.dumps(message).encode()
        self.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)

    def fill(self, deadline):
        fd = self.proc.stdout.fileno()
        left = deadline - time.monotonic()
        if left <= 0:
            return False
        ready, _, _ = select.select([fd], [], [], left)
        if not ready:
            return False
        chunk = os.read(fd, 65536)
        if not chunk:
            return None  # end of output
        self.buffer += chunk
        return True

    def read_message(self, deadline):
        while True:
            end = self.buffer.find(b"\r\n\r\n")
            if end >= 0:
                header = self.buffer[:end].decode("ascii", "replace")
                length = None
                for line in header.split("\r\n"):
                    name, _, value = line.partition(":")
                    if name.strip().lower() == "content-length":
                        length = int(value.strip())
                if length is None:
                    raise SystemExit("client: a frame without Content-Length: %r" % header)
                if len(self.buffer) >= end + 4 + length:
                    body = self.buffer[end + 4:end + 4 + length]
                    self.buffer = self.buffer[end + 4 + length:]
                    return json.loads(body)
            got = self.fill(deadline)
            if got is None:
                return None
            if not got:
                return "timeout"

    # ---- waiting ----
    def wait(self, accept):
        """Prints every message until `accept(message)` is true; returns that message."""
        deadline = time.monotonic() + TIMEOUT
        while True:
            message = self.read_message(deadline)
            if message is None:
                print("client: the adapter's output ended")
                return None
            if message == "timeout":
                print("client: timed out waiting")
                return None
            if message.get("type") == "event":
                self.print_event(message)
            if accept(message):
                return message
            if message.get("type") == "response":
                self.print_response(message)

    def request(self, command, arguments=None):
        self.seq += 1
        message = {"seq": self.seq, "type": "request", "command": command}
        if arguments is not None:
            message["arguments"] = arguments
        self.send(message)
        seq = self.seq
        return self.wait(lambda m: m.get("type") == "response" and m.get("request_seq") == seq)

    def wait_stop(self):
        return self.wait(lambda m: m.get("type") == "event" and m.get("event") in ("stopped", "terminated"))

    # ---- printing ----
    def print_event(self, e):
        body = e.get("body", {})
        name = e.get("event")
        if name == "output":
            for line in body.get("output", "").rstrip("\n").split("\n"):
                print("event output [%s] %s" % (body.get("category", "console"), line))
        elif name == "stopped":
            self.thread = body.get("threadId")
            text = "event stopped reason=%s thread=%s" % (body.get("reason"), body.get("threadId"))
            if "hitBreakpointIds" in body:
                text += " hit=%s" % body["hitBreakpointIds"]
            if "description" in body:
                text += " (%s)" % body["description"]
            if "text" in body:
                text += ": " + body["text"]
            print(text)
        elif name == "exited":
            print("event exited code=%s" % body.get("exitCode"))
        else:
            print("event " + name)

    def print_response(self, r, shown=None):
        if not r.get("success"):
            print("%s -> error: %s" % (r.get("command"), r.get("message")))
            return False
        if shown is not None:
            print("%s -> %s" % (r.get("command"), shown))
        return True

    def print_variables(self, title, r):
        if not self.print_response(r):
            return
        self.variables = r["body"]["variables"]
        print("%s ->" % title)
        for v in self.variables:
            ref = " [+%s]" % ("indexed %d" % v["indexedVariables"] if "indexedVariables" in v else "")
            print("  %s %s = %s%s%s" % (v.get("type", ""), v["name"], v["value"], ref if v.get("variablesReference") else "",
                                        " (eval %s)" % v["evaluateName"] if "evaluateName" in v else ""))

    def top_frame(self, thread):
        r = self.request("stackTrace", {"threadId": thread, "startFrame": 0, "levels": 1})
        if not r or not r.get("success") or not r["body"]["stackFrames"]:
            print("client: no frame for thread %s" % thread)
            return None
        return r["body"]["stackFrames"][0]["id"]

    def scope_ref(self, thread, name):
        frame = self.top_frame(thread)
        if frame is None:
            return None
        r = self.request("scopes", {"frameId": frame})
        if not r or not r.get("success"):
            return None
        for s in r["body"]["scopes"]:
            if s["name"] == name:
                return s["variablesReference"]
        print("client: no scope %s" % name)
        return None

    # ---- commands ----
    def run(self, command):
        word, _, rest = command.strip().partition(" ")
        rest = rest.strip()
        if word == "initialize":
            r = self.request("initialize", {"clientID": "lit", "adapterID": "shaderlens", "linesStartAt1": True, "columnsStartAt1": True})
            if r and self.print_response(r):
                print("initialize -> " + " ".join(sorted(k for k, v in r.get("body", {}).items() if v is True)))
        elif word == "launch":
            self.seq += 1
            seq = self.seq
            self.send({"seq": seq, "type": "request", "command": "launch", "arguments": json.loads(rest)})
            m = self.wait(lambda m: (m.get("type") == "event" and m.get("event") == "initialized") or
                          (m.get("type") == "response" and m.get("request_seq") == seq))
            if m and m.get("type") == "response":
                self.print_response(m, "ok")
        elif word == "break":
            parts = rest.split()
            lines = []
            for spec in parts[1:]:
                line, _, cond = spec.partition(":")
                b = {"line": int(line)}
                if cond:
                    b["condition"] = cond.replace("_", " ")
                lines.append(b)
            r = self.request("setBreakpoints", {"source": {"path": parts[0]}, "breakpoints": lines})
            if r and self.print_response(r):
                print("setBreakpoints ->")
                for b in r["body"]["breakpoints"]:
                    text = "  %s line %s" % ("#%s verified" % b["id"] if b.get("verified") else "unverified", b.get("line"))
                    if "source" in b:
                        text += " of " + os.path.basename(b["source"].get("path", ""))
                    if "message" in b:
                        text += ": " + b["message"]
                    print(text)
        elif word == "done":
            self.seq += 1
            seq = self.seq
            self.send({"seq": seq, "type": "request", "command": "configurationDone"})
            r = self.wait(lambda m: m.get("type") == "response" and m.get("request_seq") == seq)
            if r:
                self.print_response(r, "ok")
            launch = self.wait(lambda m: m.get("type") == "response" and m.get("command") == "launch")
            if launch:
                self.print_response(launch, "ok")
            self.wait_stop()
        elif word == "threads":
            r = self.request("threads")
            if r and self.print_response(r):
                print("threads -> " + ", ".join("%s \"%s\"" % (t["id"], t["name"]) for t in r["body"]["threads"]))
        elif word == "stack":
            r = self.request("stackTrace", {"threadId": int(rest) if rest else self.thread})
            if r and self.print_response(r):
                print("stackTrace -> %d frames" % r["body"].get("totalFrames", 0))
                for k, f in enumerate(r["body"]["stackFrames"]):
                    where = os.path.basename(f["source"]["path"]) if "source" in f else "?"
                    print("  #%d %s at %s:%s" % (k, f["name"], where, f.get("line")))
        elif word == "scopes":
            frame = self.top_frame(int(rest) if rest else self.thread)
            if frame is not None:
                r = self.request("scopes", {"frameId": frame})
                if r and self.print_response(r):
                    print("scopes -> " + ", ".join(s["name"] for s in r["body"]["scopes"]))
        elif word in ("locals", "globals"):
            thread = int(rest) if rest else self.thread
            ref = self.scope_ref(thread, "Locals" if word == "locals" else "Globals")
            if ref:
                self.print_variables("%s (thread %s)" % (word, thread), self.request("variables", {"variablesReference": ref}))
        elif word == "frame-locals":
            # frame-locals N: the Locals scope of call-stack frame N of the current thread.
            n = int(rest)
            r = self.request("stackTrace", {"threadId": self.thread})
            frames = r["body"]["stackFrames"] if r and r.get("success") else []
            if n >= len(frames):
                print("client: no frame %d" % n)
            else:
                s = self.request("scopes", {"frameId": frames[n]["id"]})
                if s and self.print_response(s):
                    print("scopes of frame %d -> %s" % (n, ", ".join(x["name"] for x in s["body"]["scopes"])))
                    ref = next((x["variablesReference"] for x in s["body"]["scopes"] if x["name"] == "Locals"), 0)
                    if ref:
                        self.print_variables("locals of frame %d (%s)" % (n, frames[n]["name"]), self.request("variables", {"variablesReference": ref}))
        elif word == "expand":
            ref = next((v["variablesReference"] for v in self.variables if v["name"] == rest), 0)
            if not ref:
                print("client: no expandable variable %s" % rest)
            else:
                self.print_variables("expand " + rest, self.request("variables", {"variablesReference": ref}))
        elif word == "eval":
            expression, thread = rest, self.thread
            if " @" in rest:
                expression, _, t = rest.rpartition(" @")
                thread = int(t)
            frame = self.top_frame(thread)
            args = {"expression": expression, "context": "watch"}
            if frame is not None:
                args["frameId"] = frame
            r = self.request("evaluate", args)
            if r and self.print_response(r):
                b = r["body"]
                print("evaluate %s -> %s (%s)%s" % (expression, b["result"], b.get("type", ""), " [+]" if b.get("variablesReference") else ""))
                # `expand EXPR` then opens the result.
                self.variables = [{"name": expression, "variablesReference": b.get("variablesReference", 0)}]
        elif word in ("next", "stepIn", "stepOut", "stepBack", "reverseContinue", "continue", "pause", "restart"):
            args = {"threadId": self.thread} if self.thread else {}
            if rest == "instruction":
                args["granularity"] = "instruction"
            r = self.request(word, args)
            if r and self.print_response(r, "ok"):
                self.wait_stop()
        elif word == "disasm":
            # disasm [OFFSET COUNT]: the SPIR-V around the top frame's instruction pointer.
            parts = rest.split()
            offset, count = (int(parts[0]), int(parts[1])) if len(parts) == 2 else (-2, 5)
            r = self.request("stackTrace", {"threadId": self.thread, "startFrame": 0, "levels": 1})
            frames = r["body"]["stackFrames"] if r and r.get("success") else []
            ip = frames[0].get("instructionPointerReference") if frames else None
            if not ip:
                print("client: no instruction pointer")
            else:
                r = self.request("disassemble", {"memoryReference": ip, "instructionOffset": offset, "instructionCount": count})
                if r and self.print_response(r):
                    print("disassemble %s -> %d" % (ip, len(r["body"]["instructions"])))
                    for i in r["body"]["instructions"]:
                        where = " (line %s)" % i["line"] if "line" in i else ""
                        hint = " [%s]" % i["presentationHint"] if "presentationHint" in i else ""
                        print("  %s %s %s%s%s" % (">" if i["address"] == ip else " ", i["address"], i["instruction"], where, hint))
        elif word == "request":
            name, _, arguments = rest.partition(" ")
            r = self.request(name, json.loads(arguments) if arguments else None)
            if r and self.print_response(r, "ok"):
                if r.get("body"):
                    print("  body " + json.dumps(r["body"], sort_keys=True))
        elif word == "send":
            self.send(json.loads(rest))
        elif word == "bytes":
            data = rest.replace("\\\\", "\0").replace("\\r", "\r").replace("\\n", "\n").replace("\0", "\\")
            self.write(data.encode())
        elif word == "disconnect":
            r = self.request("disconnect", {"terminateDebuggee": True})
            if r:
                self.print_response(r, "ok")
        elif word == "close":
            try:
                self.proc.stdin.close()
            except BrokenPipeError:
                pass
            # Whatever the adapter still says, then its exit.
            self.wait(lambda m: False)
            try:
                print("exit status %d" % self.proc.wait(TIMEOUT))
            except subprocess.TimeoutExpired:
                print("client: the adapter did not exit")
                self.proc.kill()
        else:
            raise SystemExit("dap_client.py: unknown command '%s'" % word)


def main():
    if len(sys.argv) < 2:
        raise SystemExit(__doc__)
    client = Client(sys.argv[1])
    for command in sys.argv[2:]:
        client.run(command)
        sys.stdout.flush()
    if client.proc.poll() is None:
        try:
            client.proc.stdin.close()
        except BrokenPipeError:
            pass
        try:
            client.proc.wait(TIMEOUT)
        except subprocess.TimeoutExpired:
            print("client: the adapter did not exit")
            client.proc.kill()


if __name__ == "__main__":
    main()
