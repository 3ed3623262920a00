"""Ctrl-C during a long call: the call stops at its next check and raises KeyboardInterrupt, and
Python's own handler is back afterwards."""

import signal
import subprocess
import sys
import textwrap
import time

import semibfs

LONG_CALL = textwrap.dedent("""
    import os, signal, sys
    import semibfs
    # Python's own handler, even where this process was started with SIGINT ignored (a background
    # job of a shell without job control, and make under it): the call must give back what it found.
    signal.signal(signal.SIGINT, signal.default_int_handler)
    print("ready", flush=True)
    try:
        # Several seconds even on an idle machine (SCALE 17 took under one): checked between the
        # phases and between the searches.
        semibfs.run_graph500(20, threads=2)
        print("finished")
    except KeyboardInterrupt as interrupted:
        print("interrupted:", interrupted, flush=True)
    try:
        os.kill(os.getpid(), signal.SIGINT)
        print("no KeyboardInterrupt from Python's handler")
    except KeyboardInterrupt:
        print("python's handler is back")
""")


def test_ctrl_c_stops_a_long_call():
    child = subprocess.Popen([sys.executable, "-c", LONG_CALL], stdout=subprocess.PIPE,
                             stderr=subprocess.PIPE, text=True)
    try:
        assert child.stdout.readline() == "ready\n"
        time.sleep(1)  # the call is under way
        child.send_signal(signal.SIGINT)
        out, _ = child.communicate(timeout=60)
    finally:
        child.kill()
    assert out.splitlines() == ["interrupted: interrupted by SIGINT; removed this run's temporary files",
                                "python's handler is back"]
    assert child.returncode == 0


AFTER_AN_INTERRUPTED_CALL = textwrap.dedent("""
    import os, signal, sys, threading
    import semibfs
    signal.signal(signal.SIGINT, signal.default_int_handler)
    store = semibfs.generate(15, sys.argv[1], threads=2)
    for name, call in [("pagerank", lambda: store.pagerank(iterations=1000000, tolerance=1e-300)),
                       ("build", lambda: semibfs.build(sys.argv[2], sys.argv[3], format="g500-packed", threads=1))]:
        threading.Timer(0.5, os.kill, (os.getpid(), signal.SIGINT)).start()
        try:
            call()
            print(name, "finished before the signal")
        except KeyboardInterrupt:
            print(name, "interrupted")
        # Later calls run: the signal the first carried out is forgotten.
        print(name, "then bfs reached", semibfs.open(sys.argv[1]).bfs(0).reached > 1)
        print(name, "then pagerank", len(store.pagerank(iterations=2)) == 1 << 15)
""")


def test_calls_after_an_interrupted_call_run(tmp_path):
    # Issue 42, case 16: after one Ctrl-C in pagerank or build, every later call raised KeyboardInterrupt.
    edges = tmp_path / "s18.g500"
    semibfs._core.generate(18, str(edges), format="g500-packed", threads=2)
    child = subprocess.run([sys.executable, "-c", AFTER_AN_INTERRUPTED_CALL, str(tmp_path / "s15"), str(edges),
                            str(tmp_path / "s18")], capture_output=True, text=True, timeout=300)
    assert child.stdout.splitlines() == [
        "pagerank interrupted", "pagerank then bfs reached True", "pagerank then pagerank True",
        "build interrupted", "build then bfs reached True", "build then pagerank True"], child.stderr
