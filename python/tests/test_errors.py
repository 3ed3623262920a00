"""Bad input raises semibfs.Error (semibfs.UsageError for a bad argument) with the command line's
one-line message."""

import numpy as np
import pytest

import semibfs


def test_a_missing_store_is_one_error(tmp_path):
    with pytest.raises(semibfs.Error, match="not a directory"):
        semibfs.open(tmp_path / "none")


def test_a_directory_without_a_store(tmp_path):
    with pytest.raises(semibfs.Error) as error:
        semibfs.open(tmp_path).bfs(0)
    assert str(tmp_path) in str(error.value) and "\n" not in str(error.value)


def test_a_bad_budget_is_a_usage_error(kronecker):
    store, _, _ = kronecker
    with pytest.raises(semibfs.UsageError, match="--dram-budget"):
        semibfs.open(store.directory, dram_budget="12 parsecs").bfs(0)
    assert issubclass(semibfs.UsageError, semibfs.Error)


def test_a_root_the_file_never_names(kronecker):
    store, _, _ = kronecker
    with pytest.raises(semibfs.Error, match="is not a vertex"):
        store.bfs(1 << 40)


def test_a_truncated_binary_file(tmp_path):
    path = tmp_path / "cut.g500"
    path.write_bytes(b"\0" * 41)
    with pytest.raises(semibfs.Error, match="12-byte"):
        semibfs.build(path, tmp_path / "store", format="g500-packed")
    assert not (tmp_path / "store" / "manifest").exists()


def test_an_unknown_option_of_run(kronecker):
    with pytest.raises(semibfs.UsageError, match="--warp-speed"):
        semibfs.run_graph500(10, warp_speed=9)


def test_from_edges_needs_edges():
    with pytest.raises(semibfs.UsageError):
        semibfs.from_edges([], [])
    with pytest.raises(semibfs.UsageError):
        semibfs.from_edges([-1], [2])


def test_bad_analytics_values_are_usage_errors(kronecker):
    # Typed values, checked by the library's session options as the command line's are.
    store, _, _ = kronecker
    with pytest.raises(semibfs.UsageError, match="--damping: must be a number above 0 and below 1, got '-1'"):
        store.pagerank(damping=-1)
    with pytest.raises(semibfs.UsageError, match="--damping: must be a number above 0 and below 1, got '1'$"):
        store.pagerank(damping=1)  # was "pagerank: damping 1.000000 is not in [0, 1)"
    with pytest.raises(semibfs.UsageError, match="--iterations: must be an integer from 1 to"):
        store.pagerank(iterations=0)
    with pytest.raises(semibfs.UsageError, match="--dram-budget: "):
        semibfs.open(store.directory, dram_budget="12 parsecs").connected_components()
    with pytest.raises(semibfs.UsageError, match="--threads: must be an integer"):
        semibfs.open(store.directory, threads="four").pagerank()


def test_bad_search_values_are_usage_errors(kronecker):
    store, _, _ = kronecker
    with pytest.raises(semibfs.UsageError, match="--policy: "):
        semibfs.open(store.directory, policy="sideways").bfs(0)
    with pytest.raises(semibfs.UsageError, match="--head-entries needs --dram-budget"):
        semibfs.open(store.directory, head_entries=4).bfs(0)
    with pytest.raises(semibfs.UsageError, match="--io: "):
        semibfs.open(store.directory, io="carrier-pigeon").bfs(0)


def test_bad_build_values_are_usage_errors(tmp_path):
    path = tmp_path / "edges.txt"
    path.write_text("0 1\n1 2\n")
    with pytest.raises(semibfs.UsageError, match="--vertex-order must be input or degree, not 'random'"):
        semibfs.build(path, tmp_path / "store", vertex_order="random")
    with pytest.raises(semibfs.UsageError, match="--partitions: must be an integer from 1 to"):
        semibfs.build(path, tmp_path / "store", partitions=0)
    with pytest.raises(semibfs.UsageError, match="--format: "):
        semibfs.build(path, tmp_path / "store", format="papyrus")
    assert not (tmp_path / "store" / "manifest").exists()


def test_build_prints_the_commands_summary_when_asked(tmp_path, capsys):
    path = tmp_path / "edges.txt"
    path.write_text("0 1\n1 2\n")
    semibfs.build(path, tmp_path / "store", progress=True)
    assert "vertices         3 (the file's ids)" in capsys.readouterr().out


def test_bad_generate_values_are_usage_errors(tmp_path):
    with pytest.raises(semibfs.UsageError, match="--scale: must be an integer from 1 to 48, got '49'"):
        semibfs.generate(49, tmp_path / "s49")
    with pytest.raises(semibfs.UsageError, match=r"--seed1: must be an integer from 0 to 2\^64 - 1, got '-1'"):
        semibfs.generate(4, tmp_path / "s4", seed1=-1)
    with pytest.raises(semibfs.UsageError, match="--edgefactor: must be an integer from 1 to"):
        semibfs.generate(4, tmp_path / "s4", edgefactor=0)


def test_bad_add_edges_values_are_usage_errors(tmp_path):
    path = tmp_path / "edges.txt"
    path.write_text("0 1\n1 2\n")
    store = semibfs.build(path, tmp_path / "store")
    with pytest.raises(semibfs.UsageError, match="--format: "):
        store.add_edges(path, format="papyrus")
    with pytest.raises(semibfs.UsageError, match="--threads: must be an integer from 1 to 4096"):
        store.add_edges(path, threads=0)


# Issue 42, case 16: each was a 4-line nanobind TypeError, or quietly taken (7.9 searched from 7,
# '7' from 7, validate='no' validated).
@pytest.mark.parametrize("root, error, words", [
    (-1, ValueError, "from 0 to 2^64 - 1, got -1"),
    (1 << 64, OverflowError, "beyond the largest vertex id"),
    (7.9, TypeError, "integer vertex id, not float 7.9"),
    ("7", TypeError, "integer vertex id, not str '7'"),
    (True, TypeError, "integer vertex id, not bool True"),
])
def test_a_root_that_is_no_vertex_id_is_one_clear_error(kronecker, root, error, words):
    store, _, _ = kronecker
    with pytest.raises(error) as raised:
        store.bfs(root)
    assert words in str(raised.value) and "\n" not in str(raised.value)


def test_validate_and_levels_take_true_or_false_only(kronecker):
    store, _, _ = kronecker
    with pytest.raises(TypeError, match="validate must be True or False, not str 'no'"):
        store.bfs(0, validate="no")
    with pytest.raises(TypeError, match="levels must be True or False"):
        store.bfs(0, levels=1)
    assert store.bfs(np.int64(0), validate=np.bool_(True)).validated


def test_file_ids_too_many_for_memory_are_one_error_before_any_search(tmp_path):
    path = tmp_path / "far.txt"
    path.write_text("0 1\n1 1000000000000\n")
    store = semibfs.build(path, tmp_path / "store")
    with pytest.raises(semibfs.Error) as raised:
        store.bfs(0)
    message = str(raised.value)
    assert "file ids reach 1000000000000" in message and "16 bytes per file id" in message
    assert "more than this machine's memory" in message and "\n" not in message
