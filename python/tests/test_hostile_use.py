"""Hostile use, round two (issue 42): what Python's builders must refuse, and leave behind."""

import os

import numpy as np
import pytest

import semibfs


def test_a_refused_generate_leaves_no_directory(tmp_path):
    for scale in (0, 40):  # out of range; more than the disk holds (refused before writing)
        target = tmp_path / f"s{scale}"
        with pytest.raises(semibfs.Error):
            semibfs.generate(scale, target)
        assert not target.exists()
        assert os.listdir(tmp_path) == []


def test_from_edges_refuses_a_directory_that_holds_a_store(tmp_path):
    store = semibfs.from_edges([0, 1], [1, 2], directory=tmp_path)
    with pytest.raises(semibfs.UsageError, match="holds a store"):
        semibfs.from_edges([0], [1], directory=tmp_path / "store")
    assert sorted(os.listdir(tmp_path / "store")) == sorted(os.listdir(store.directory))
    assert store.bfs(0).levels[2] == 2


def test_a_compressed_store_of_self_loops_only_is_usable():
    store = semibfs.from_edges([3], [3], compress=True)
    result = store.bfs(3)
    assert result.levels[3] == 0
    assert np.count_nonzero(result.levels >= 0) == 1
