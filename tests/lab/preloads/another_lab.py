"""A `dask worker --preload`: the worker runs another version of laser-flag."""

import laser_flag

laser_flag.__version__ = "0.0.1"
