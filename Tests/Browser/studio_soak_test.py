"""Soak of `flipbook studio` without a browser, under a descriptor limit of 1024:

1. 1,000 hostile saves of one scene file (seeded: random bytes, huge and non-finite numbers, deep
   nesting, alias bombs, long strings, truncated scenes) while `/status/<scene>` keeps answering;
   then a good save renders again.
2. 1,100 idle connections (more than the limit): the studio closes them (idle timeout) and answers.
3. 3,000 event streams opened and closed: the studio's memory stays put (each stream's
   subscription goes when its client closes, not at the next event).
Prints its figures; stays under a minute.

Usage: studio_soak_test.py FLIPBOOK_BINARY WORK_FOLDER
"""
import http.client
import json
import os
import random
import re
import resource
import socket
import subprocess
import sys
import time

binary, work = sys.argv[1], sys.argv[2]
scenes = os.path.join(work, "scenes")
os.makedirs(scenes, exist_ok=True)
GOOD = """name: soak
canvas: { size: [80, 80], scale: 1, background: "#FFFFFF" }
fps: 30
duration: 0.3
controls:
  side: { value: 20, range: [10, 40], step: 1 }
items:
  - { id: box, size: [$side, $side], center: [40, 20], fill: "#FF9500" }
behaviors:
  - gravity: { items: [box] }
"""
scene_file = os.path.join(scenes, "soak.yaml")
failures = []


def check(condition, message):
    print(("ok:   " if condition else "FAIL: ") + message)
    if not condition:
        failures.append(message)


def save(data):
    with open(scene_file + ".tmp", "wb") as f:
        f.write(data if isinstance(data, bytes) else data.encode("utf-8", "surrogateescape"))
    os.replace(scene_file + ".tmp", scene_file)


def hostile(rng):
    """One hostile scene file; the kind and every choice come from the seeded generator."""
    kind = rng.randrange(8)
    huge = ["1e308", "-1e308", "1e400", ".inf", "-.inf", ".nan", "99999999999999999999999999", "1e-320", "-0", "0x7fffffffffffffff"]
    if kind == 0:
        return bytes(rng.randrange(256) for _ in range(rng.randrange(4000)))
    if kind == 1:
        text = GOOD
        for key in ("fps: 30", "duration: 0.3", "[80, 80]", "scale: 1", "[40, 20]", "value: 20", "[10, 40]", "step: 1"):
            if rng.random() < 0.5:
                number = rng.choice(huge)
                text = text.replace(key, re.sub(r"[-\d.]+", number, key, count=1))
        return text
    if kind == 2:
        depth = rng.randrange(100, 50000)
        return "items: " + "[" * depth + "]" * depth + "\n"
    if kind == 3:
        depth = rng.randrange(100, 20000)
        return "name: soak\nitems:\n" + "".join("  " * i + "- \n" for i in range(min(depth, 3000))) + "{a: " * depth + "}" * depth
    if kind == 4:
        lines = ['a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]']
        for i in range(1, rng.randrange(5, 12)):
            prev = chr(ord("a") + i - 1)
            name = chr(ord("a") + i)
            lines.append(f"{name}: &{name} [" + ",".join([f"*{prev}"] * 9) + "]")
        return GOOD + "\n".join(lines) + "\nextra: *" + chr(ord("a") + len(lines) - 1) + "\n"
    if kind == 5:
        return GOOD.replace("name: soak", "name: " + "x" * rng.randrange(1000, 2_000_000))
    if kind == 6:
        # Cut after the name line: a save that renames the scene moves it to another page.
        return GOOD[: len("name: soak\n") + rng.randrange(len(GOOD) - len("name: soak\n"))]
    return GOOD.replace("- gravity: { items: [box] }", "- " + rng.choice(
        ["snap: { item: box, point: [1e308, 1e308], damping: 1e308 }", "push: { items: [box], magnitude: -1e308, angle: .nan }",
         "gravity: { items: [box], magnitude: 1e300, angle: 1e300 }", "attachment: { item: box, anchor: [.inf, 0], length: -1 }"]))


def request(path, timeout=10):
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=timeout)
    connection.request("GET", path)
    response = connection.getresponse()
    return response.status, response.read()


def rss_kb(pid):
    with open(f"/proc/{pid}/status") as f:
        return int(re.search(r"VmRSS:\s+(\d+)", f.read()).group(1))


def limit_descriptors():
    resource.setrlimit(resource.RLIMIT_NOFILE, (1024, 1024))


save(GOOD)
studio = subprocess.Popen([binary, "studio", scenes, "--port", "0", "--out", os.path.join(work, "out"), "--idle-timeout", "2"],
                          stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, preexec_fn=limit_descriptors)
started = time.time()
try:
    line = studio.stdout.readline()
    if not line.startswith("Flipbook studio: http://127.0.0.1:"):
        print(f"the studio did not start: {line!r}", file=sys.stderr)
        sys.exit(1)
    port = int(re.search(r":(\d+)/", line).group(1))
    status = lambda: json.loads(request("/status/soak")[1])
    end = time.time() + 60
    while status()["version"] < 1 and time.time() < end:
        time.sleep(0.1)
    check(status()["version"] == 1, "the good scene renders first")
    print(f"  resident memory after the first render: {rss_kb(studio.pid) / 1024:.1f} MB")
    section = time.time()

    # 1. Hostile saves.
    rng = random.Random(20261201)
    slowest = 0.0
    answered = 0
    for n in range(1000):
        save(hostile(rng))
        t = time.time()
        try:
            code, body = request("/status/soak")
            answered += code == 200 and body.startswith(b'{"scene":"soak"')
        except OSError as error:
            print(f"  save {n}: /status failed: {error}")
        slowest = max(slowest, time.time() - t)
        if n % 25 == 24:
            time.sleep(0.3)  # long enough for the watcher (every 0.05 s) to start a render of this one
    print(f"  1,000 hostile saves in {time.time() - section:.1f} s: /status answered {answered} times, slowest "
          f"{slowest * 1000:.0f} ms; resident memory {rss_kb(studio.pid) / 1024:.1f} MB")
    check(answered == 1000 and studio.poll() is None, "/status answered after every hostile save, and the studio lives")
    version = status()["version"]
    save(GOOD.replace("value: 20", "value: 25"))
    end = time.time() + 60
    while not (status()["version"] > version and status()["error"] is None) and time.time() < end:
        time.sleep(0.1)
    check(status()["version"] > version and status()["error"] is None, "a good save after them renders again")

    # 2. More idle connections than the studio has descriptors, established before the request
    # (an older studio accepted them all, ran out of descriptors and never answered again).
    idle = []
    section = time.time()
    for _ in range(1100):
        try:
            idle.append(socket.create_connection(("127.0.0.1", port), timeout=5))
        except OSError:
            pass
    print(f"  {len(idle)} idle connections established in {time.time() - section:.1f} s")
    t = time.time()
    try:
        code, _ = request("/status/soak", timeout=45)
    except OSError as error:
        code = str(error)
    waited = time.time() - t
    print(f"  with 1,100 idle connections open, /status answered ({code}) after {waited:.1f} s (idle timeout 2 s)")
    check(code == 200 and waited < 30, "idle connections are closed and the studio answers again")
    for s in idle:
        s.close()

    # 3. Event streams opened and closed.
    time.sleep(1)
    before = rss_kb(studio.pid)
    section = time.time()
    opened = 0
    try:
        for _ in range(3000):
            with socket.create_connection(("127.0.0.1", port), timeout=10) as s:
                s.sendall(f"GET /events HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n\r\n".encode())
                received = b""
                while b": flipbook studio" not in received:
                    chunk = s.recv(4096)
                    if not chunk:
                        break
                    received += chunk
                opened += b": flipbook studio" in received
    except OSError as error:
        print(f"  event stream {opened + 1} failed: {error}")
    check(opened == 3000, f"3,000 event streams opened one after another ({opened})")
    time.sleep(1)
    grown = (rss_kb(studio.pid) - before) / 1024
    print(f"  3,000 event streams opened and closed in {time.time() - section:.1f} s: resident memory "
          f"{before / 1024:.1f} MB, grew {grown:.1f} MB")
    check(grown < 15, f"closed event streams leave nothing behind (grew {grown:.1f} MB; 15 KB each would be 44 MB)")
    check(request("/status/soak")[0] == 200, "the studio still answers")
finally:
    studio.terminate()
    try:
        studio.wait(timeout=10)
    except subprocess.TimeoutExpired:
        studio.kill()
print(f"  soak took {time.time() - started:.0f} s")
if failures:
    print(f"FAIL: {len(failures)} soak check(s) failed", file=sys.stderr)
    sys.exit(1)
print("studio soak: all checks passed")
