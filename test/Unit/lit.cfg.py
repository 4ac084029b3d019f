# Runs the GoogleTest unit tests, one lit test per test case.
import lit.formats

config.name = "TILE-Unit"
config.test_format = lit.formats.GoogleTest(".", "Tests")
config.test_source_root = config.tile_unit_dir
config.test_exec_root = config.tile_unit_dir
