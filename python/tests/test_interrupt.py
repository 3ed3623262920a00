"""Ctrl-C during a long call: the call stops at its next check and raises KeyboardInterrupt, and
Python's own handler is back afterwards."""

import signal
import subprocess
import sys
import textwrap
import time

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
