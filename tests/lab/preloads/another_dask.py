"""A `dask scheduler --preload`: the scheduler says it runs another version of Dask."""

from importlib import metadata

import distributed.versions


def _other(package: str) -> str | None:
    if package == "distributed":
        return "2000.1.0"
    try:
        return metadata.version(package)
    except metadata.PackageNotFoundError:
        return None


distributed.versions._version_cached = _other
