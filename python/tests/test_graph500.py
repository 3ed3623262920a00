"""run_graph500 returns the JSON report of `semibfs run`, with the official block."""

import re

import semibfs


def test_a_small_run_reports_every_validated_search():
    report = semibfs.run_graph500(10, roots=4, threads=2)
    assert re.search(r"^SCALE:\s+10$", report["official_output"], re.M)
    assert "num_mpi_processes" in report["official_output"]
    searches = report["roots"] if "roots" in report else report["searches"]
    assert len(searches) == 4
    assert all(search["nedge"] > 0 for search in searches)
