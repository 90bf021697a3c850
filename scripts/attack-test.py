#!/usr/bin/env python3
"""Loopback attacks on `nonet play` (not run in CI), each against a server on a throw-away
database, printing what the normal clients got. Bounded: every attack stops after SECONDS.

  slow ATTACKERS SOURCE   slow clients from SOURCE (an address of 127/8) sending half a request
                          head and connecting again as soon as the server sheds them, while 4
                          normal clients from 127.0.0.1 each keep one keep-alive connection, as
                          a browser does, and ask GET /api/levels every 0.2 s (a request that
                          fails counts as not answered, and a new connection is made)
  greedy                  one client (X-Nonet-Client: greedy) keeping 18 checks of a hard puzzle
                          in flight, while another asks for a hint and a new game every 0.3 s
                          after its answers

Usage: scripts/attack-test.py NONET_BIN PORT SECONDS slow ATTACKERS SOURCE
       scripts/attack-test.py NONET_BIN PORT SECONDS greedy
"""
import collections
import http.client
import json
import os
import socket
import subprocess
import sys
import tempfile
import threading
import time

HARD = "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4.."
EASY = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"


def start(binary, port, tmp):
    srv = subprocess.Popen(
        [binary, "play", "--no-open", "--port", str(port), "--db", os.path.join(tmp, "x.db")],
        stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
    srv.stdout.readline()  # "serving on ..."
    return srv


def slow(port, seconds, attackers, source):
    stop = threading.Event()
    connections = [0]

    def attacker():
        while not stop.is_set():
            try:
                s = socket.socket()
                s.bind((source, 0))
                s.connect(("127.0.0.1", port))
                connections[0] += 1
                s.sendall(f"GET /api/games HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n".encode())
                s.settimeout(0.5)
                while not stop.is_set():
                    try:
                        if not s.recv(4096):
                            break
                    except socket.timeout:
                        continue
                    except OSError:
                        break
                s.close()
            except OSError:
                time.sleep(0.01)

    for _ in range(attackers):
        threading.Thread(target=attacker, daemon=True).start()
    time.sleep(3)
    ok, sent = [0], [0]
    end = time.time() + seconds

    def normal():
        conn = None
        while time.time() < end:
            sent[0] += 1
            try:
                if conn is None:
                    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=5)
                conn.request("GET", "/api/levels", headers={"Host": f"127.0.0.1:{port}"})
                r = conn.getresponse()
                r.read()
                ok[0] += r.status == 200
            except (OSError, http.client.HTTPException):
                conn = None
            time.sleep(0.2)

    before = connections[0]
    normals = [threading.Thread(target=normal) for _ in range(4)]
    for t in normals:
        t.start()
    for t in normals:
        t.join()
    stop.set()
    print(f"{attackers} slow clients from {source}: {ok[0]} of {sent[0]} normal requests "
          f"answered ({100 * ok[0] / max(1, sent[0]):.0f}%), "
          f"{connections[0] - before} attacker connections meanwhile")


def request(port, method, path, body, client):
    c = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
    headers = {"Content-Type": "application/json", "Host": f"127.0.0.1:{port}",
               "X-Nonet-Client": client}
    c.request(method, path, json.dumps(body), headers)
    r = c.getresponse()
    data = r.read()
    c.close()
    return r.status, data


def greedy(port, seconds):
    _, game = request(port, "POST", "/api/games", {"puzzle": EASY}, "other")
    game_id = json.loads(game)["id"]
    end = time.time() + seconds
    hog, other = collections.Counter(), collections.Counter()

    def keep_busy():
        while time.time() < end:
            hog[request(port, "POST", "/api/puzzles/check", {"puzzle": HARD}, "greedy")[0]] += 1

    hogs = [threading.Thread(target=keep_busy) for _ in range(18)]
    for t in hogs:
        t.start()
    time.sleep(1)
    while time.time() < end:
        other[f"hint {request(port, 'POST', f'/api/games/{game_id}/hint', {}, 'other')[0]}"] += 1
        other[f"new game {request(port, 'POST', '/api/games', {'level': 'easy'}, 'other')[0]}"] += 1
        time.sleep(0.3)
    for t in hogs:
        t.join()
    print(f"greedy client: {dict(hog)}; the other client: {dict(other)}")


def main():
    binary, port, seconds, attack = sys.argv[1], int(sys.argv[2]), float(sys.argv[3]), sys.argv[4]
    with tempfile.TemporaryDirectory() as tmp:
        srv = start(binary, port, tmp)
        try:
            if attack == "slow":
                slow(port, seconds, int(sys.argv[5]), sys.argv[6])
            else:
                greedy(port, seconds)
        finally:
            srv.terminate()
            srv.wait()


if __name__ == "__main__":
    main()
