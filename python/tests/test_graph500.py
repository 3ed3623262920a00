"""run_graph500 returns the JSON report of `semibfs run`, with the official block."""

import re

import pytest

import semibfs


def test_a_small_run_reports_every_validated_search():
    report = semibfs.run_graph500(10, roots=4, threads=2)
    assert re.search(r"^SCALE:\s+10$", report["official_output"], re.M)
    assert "num_mpi_processes" in report["official_output"]
    searches = report["roots"] if "roots" in report else report["searches"]
    assert len(searches) == 4
    assert all(search["nedge"] > 0 for search in searches)


def test_typed_options_reach_the_run_without_command_line_words(tmp_path):
    store = tmp_path / "s"
    store.mkdir()
    report = semibfs.run_graph500(9, roots=2, threads=1, edgefactor=8, store=store, compress=True,
                                  policy="top-down", seed1=5)
    assert re.search(r"^edgefactor:\s+8$", report["official_output"], re.M)
    searches = report["roots"] if "roots" in report else report["searches"]
    assert len(searches) == 2
    again = semibfs.run_graph500(9, roots=2, threads=1, edgefactor=8, store=store, reuse=True, compress=True,
                                 seed1=5, dram_budget="128MiB")
    assert again["roots"][0]["nedge"] == report["roots"][0]["nedge"]


@pytest.mark.parametrize("options, message", [
    (dict(root=3), "run_graph500: no option --root"),
    (dict(roots="4"), "--roots: must be an integer, got str '4'"),
    (dict(roots=True), "--roots: must be an integer"),
    (dict(roots=0), "--roots: must be an integer from 1 to"),
    (dict(reuse="no"), "--reuse: must be True or False, got str"),
    (dict(policy="sideways"), "--policy:"),
    (dict(summary_bits=3), "--summary-bits: must be one of"),
    (dict(placement="forward-on-disk"), "--placement forward-on-disk needs --dram-budget"),
    (dict(dram_budget="1GiB"), "--dram-budget needs --store DIR"),
    (dict(alpha=-1.0), "--alpha: must be a positive number"),
])
def test_a_bad_keyword_is_a_usage_error_naming_the_option(options, message):
    with pytest.raises(semibfs.UsageError, match=re.escape(message)):
        semibfs.run_graph500(8, **options)


def test_a_scale_out_of_range_is_a_usage_error():
    with pytest.raises(semibfs.UsageError, match=re.escape("--scale: must be an integer from 1 to 32, got '40'")):
        semibfs.run_graph500(40)
    with pytest.raises(semibfs.UsageError, match="--scale: must be an integer"):
        semibfs.run_graph500(9.5)
    with pytest.raises(semibfs.UsageError, match="--scale: must be an integer"):
        semibfs.run_graph500(2**70)
