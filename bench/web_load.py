"""Load on the web server: N tables played at once, a WebSocket client per seat, on loopback.

Starts ``tarot serve`` as a process on a fresh SQLite file (or uses ``--url`` of a running
server), creates ``--tables`` tables of ``--variant`` where every seat is a person's, and plays
each seat with a client that picks a random choice at its turn (a card phase's cards: the first
ones offered) after ``--think`` seconds on average (a person's pause; 0: at once, which measures
the most moves the server plays, every move then waiting behind those of all the tables), for
``--minutes``. Reports the moves played, the errors (error messages, dropped
connections), and the round trip of a move: from sending ``act`` to receiving the state that
follows it, p50 / p99 / max. Not a test: figures go to docs/benchmarks.md.

    python bench/web_load.py --tables 200 --minutes 3 --think 2
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import httpx
import websockets

ROOT = Path(__file__).resolve().parents[1]


def cpu_seconds(pid: int) -> float:
    """A process's CPU time so far (user + system, Linux ``/proc``), or NaN elsewhere: what a
    move costs the server, whatever else the machine runs."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    except (OSError, ValueError, IndexError):
        return float("nan")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def start_server(port: int, db: Path) -> subprocess.Popen:
    proc = subprocess.Popen([sys.executable, "-m", "tarot", "serve", "--port", str(port),
                             "--database", f"sqlite:///{db}"], cwd=ROOT, stderr=subprocess.PIPE)
    for _ in range(600):
        try:
            if httpx.get(f"http://127.0.0.1:{port}/api/health", timeout=1).status_code == 200:
                return proc
        except httpx.TransportError:
            time.sleep(0.1)
    proc.kill()
    raise SystemExit("the server did not start")


class Stats:
    def __init__(self) -> None:
        self.rtts: list[float] = []
        self.errors: dict[str, int] = {}
        self.deals = 0

    def error(self, what: str) -> None:
        self.errors[what] = self.errors.get(what, 0) + 1


async def play_seat(url: str, stop: float, stats: Stats, rng: random.Random, think: float) -> None:
    """One client: at its turn a random choice (a card phase's first cards), timed."""
    try:
        async with websockets.connect(url, max_size=2 ** 22) as ws:
            sent: float | None = None
            first = False  # the client of seat 0 counts the table's deals
            while time.monotonic() < stop:
                try:
                    raw = await asyncio.wait_for(ws.recv(), timeout=max(0.1, stop - time.monotonic()))
                except TimeoutError:
                    break
                m = json.loads(raw)
                kind = m["type"]
                if kind == "error":
                    stats.error(m["code"])
                    sent = None
                    await ws.send(json.dumps({"type": "clear"}))
                    continue
                if kind == "welcome":
                    first = m["seat"] == 0
                if kind == "deal_over" and first:
                    stats.deals += 1
                if kind != "state":
                    continue
                if sent is not None:
                    stats.rtts.append(time.monotonic() - sent)
                    sent = None
                turn = m["turn"]
                if not turn or not turn["mine"]:
                    continue
                choices = [c["action"] for c in turn["choices"]]
                acts = choices[:turn["slots"]] if turn["slots"] else [rng.choice(choices)]
                if think:
                    await asyncio.sleep(think * rng.uniform(0.5, 1.5))
                sent = time.monotonic()
                await ws.send(json.dumps({"type": "act", "actions": acts, "revoke": True}))
    except (OSError, websockets.WebSocketException) as e:
        stats.error(f"connection: {type(e).__name__}")


async def run(base: str, tables: int, variant: str, seconds: float, seed: int, think: float) -> Stats:
    stats = Stats()
    rng = random.Random(seed)
    seats_urls: list[str] = []
    async with httpx.AsyncClient(base_url=base, timeout=60) as http:
        info = {v["variant"]: v for v in (await http.get("/api/variants")).json()}[variant]
        players = info["players"][0]
        for _ in range(tables):
            t = (await http.post("/api/tables", json={"variant": variant, "seats": ["person"] * players,
                                                      "deals": None})).json()
            for _ in range(players):
                j = (await http.post(f"/api/tables/{t['id']}/join", json={})).json()
                seats_urls.append(base.replace("http", "ws", 1) + j["ws"])
    stop = time.monotonic() + seconds
    await asyncio.gather(*(play_seat(u, stop, stats, random.Random(rng.random()), think) for u in seats_urls))
    return stats


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--tables", type=int, default=200)
    ap.add_argument("--minutes", type=float, default=3.0)
    ap.add_argument("--variant", default="marolles-1637")
    ap.add_argument("--url", help="a running server (default: start one on a fresh SQLite file)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--think", type=float, default=0.0, help="a client's mean pause before a move, seconds")
    args = ap.parse_args()
    proc = None
    if args.url:
        base = args.url.rstrip("/")
    else:
        port = free_port()
        db = Path(tempfile.mkdtemp(prefix="tarot-load-")) / "web.sqlite"
        proc = start_server(port, db)
        base = f"http://127.0.0.1:{port}"
    try:
        started = time.monotonic()
        cpu0 = cpu_seconds(proc.pid) if proc else float("nan")
        stats = asyncio.run(run(base, args.tables, args.variant, args.minutes * 60, args.seed, args.think))
        cpu = cpu_seconds(proc.pid) - cpu0 if proc else float("nan")
        took = time.monotonic() - started
    finally:
        if proc is not None:
            proc.terminate()
            proc.wait(timeout=30)
    rtts = sorted(stats.rtts)

    def pct(p: float) -> float:
        return 1000 * rtts[min(len(rtts) - 1, int(p * len(rtts)))] if rtts else float("nan")

    print(f"{args.tables} tables of {args.variant}, {args.minutes:g} min on loopback ({os.cpu_count()} CPUs), "
          f"think {args.think:g} s, {took:.0f} s with setup, load average {os.getloadavg()[0]:.1f}")
    print(f"moves {len(rtts)} ({len(rtts) / (args.minutes * 60):.0f}/s), deals finished {stats.deals}, "
          f"errors {sum(stats.errors.values())} {stats.errors or ''}")
    print(f"move round trip: p50 {pct(0.5):.1f} ms, p99 {pct(0.99):.1f} ms, max {1000 * rtts[-1] if rtts else 0:.1f} ms")
    if rtts:
        print(f"server CPU {cpu:.1f} s with the tables' setup: {1000 * cpu / len(rtts):.2f} ms a move")


if __name__ == "__main__":
    main()
