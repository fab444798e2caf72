#!/usr/bin/env python3
"""Asks a bot in an IRC channel, as a plain user would, and prints its answers.

Usage: irc-ask.py --port PORT --channel '#chan' --nick NICK --bot BOTNICK [--until REGEX] COMMAND...

Connects to 127.0.0.1:PORT without TLS, joins the channel, waits until the bot is in it, then
sends each COMMAND as a channel message and prints the bot's lines in the channel until one
matches --until (default: any line, so the first answer) before sending the next. Exits 1
(with the last lines it saw on standard error) when the bot is not there or no matching line
comes within --timeout seconds.
"""
import argparse
import re
import socket
import sys
import time


class Connection:
    def __init__(self, port, timeout):
        self.sock = socket.create_connection(("127.0.0.1", port), timeout=timeout)
        self.buffer = b""
        self.seen = []

    def send(self, line):
        self.sock.sendall(line.encode() + b"\r\n")

    def lines_until(self, deadline):
        """Yields (prefix nick, command, params) until the deadline; answers PINGs."""
        while True:
            while b"\r\n" not in self.buffer:
                left = deadline - time.monotonic()
                if left <= 0:
                    raise TimeoutError("timed out; last lines:\n  " + "\n  ".join(self.seen[-10:]))
                self.sock.settimeout(left)
                chunk = self.sock.recv(65536)
                if not chunk:
                    raise EOFError("server closed the connection")
                self.buffer += chunk
            raw, self.buffer = self.buffer.split(b"\r\n", 1)
            line = raw.decode("utf-8", "replace")
            self.seen.append(line)
            if line.startswith("@"):
                line = line.split(" ", 1)[1]
            prefix = ""
            if line.startswith(":"):
                prefix, line = line[1:].split(" ", 1)
            head, separator, trailing = line.partition(" :")
            words = head.split(" ")
            command, params = words[0], words[1:] + ([trailing] if separator else [])
            if command == "PING":
                self.send("PONG :" + (params[0] if params else ""))
                continue
            yield prefix.split("!", 1)[0], command, params


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--port", type=int, required=True)
    parser.add_argument("--channel", required=True)
    parser.add_argument("--nick", required=True)
    parser.add_argument("--bot", required=True)
    parser.add_argument("--timeout", type=float, default=30)
    parser.add_argument("--until", default="")
    parser.add_argument("commands", nargs="+")
    args = parser.parse_args()
    bot = args.bot.lower()
    connection = Connection(args.port, args.timeout)
    try:
        connection.send("NICK " + args.nick)
        connection.send("USER %s 0 * :container smoke test" % args.nick)
        deadline = time.monotonic() + args.timeout
        for _, command, _ in connection.lines_until(deadline):
            if command == "001":
                break
        connection.send("JOIN " + args.channel)
        for nick, command, params in connection.lines_until(deadline):
            names = params[-1].split() if command == "353" else []
            if any(name.lstrip("~&@%+").lower() == bot for name in names):
                break
            if command == "JOIN" and nick.lower() == bot:
                break
        for text in args.commands:
            connection.send("PRIVMSG %s :%s" % (args.channel, text))
            deadline = time.monotonic() + args.timeout
            for nick, command, params in connection.lines_until(deadline):
                if command == "PRIVMSG" and nick.lower() == bot and params[0].lower() == args.channel.lower():
                    print(params[-1], flush=True)
                    if re.search(args.until, params[-1]):
                        break
        connection.send("QUIT :done")
    except (TimeoutError, EOFError, OSError) as error:
        print("irc-ask: %s" % error, file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
