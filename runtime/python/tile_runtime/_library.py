"""Finding and loading libtile_runtime.so, the C API's prototypes, and the
errors: TileError (a failed status, or an argument the binding refuses) and
LibraryNotFoundError."""

import ctypes
import ctypes.util
import enum
import os
import sys
import threading

__all__ = ["TileError", "TileTypeError", "TileValueError",
           "LibraryNotFoundError", "ArgKind", "lib", "load_library",
           "library_path", "check"]


class TileError(RuntimeError):
    """A runtime call failed, or the binding refused an argument.

    ``code_name`` is the status code without its prefix ("INVALID_ARGUMENT",
    "CORRUPT_ARTIFACT", ...), ``code`` its number (0 for errors the binding
    raises before calling the runtime: they all are INVALID_ARGUMENT), and
    ``message`` the runtime's one-line message. ``str(error)`` is
    "CODE_NAME: message".
    """

    def __init__(self, code_name, message, code=None):
        super().__init__("%s: %s" % (code_name, message))
        self.code_name = code_name
        self.message = message
        self.code = code


class TileTypeError(TileError, TypeError):
    """An argument of the wrong type, count, device or memory layout."""

    def __init__(self, message):
        super().__init__("INVALID_ARGUMENT", message, 1)


class TileValueError(TileError, ValueError):
    """An argument out of range for its kind, or a closed object."""

    def __init__(self, message):
        super().__init__("INVALID_ARGUMENT", message, 1)


class LibraryNotFoundError(ImportError):
    """libtile_runtime.so could not be found or loaded; the message lists
    every place that was tried and why each failed."""


class ArgKind(enum.IntEnum):
    """tile_arg_kind_t."""
    PTR = 0
    I1 = 1
    I8 = 2
    I16 = 3
    I32 = 4
    I64 = 5
    F16 = 6
    BF16 = 7
    F32 = 8
    F64 = 9


class _ArgValue(ctypes.Union):
    _fields_ = [("buffer", ctypes.c_void_p), ("i", ctypes.c_int64),
                ("f", ctypes.c_double), ("bits16", ctypes.c_uint16)]


class Arg(ctypes.Structure):
    """tile_arg_t."""
    _fields_ = [("kind", ctypes.c_int), ("value", _ArgValue)]


class DeviceInfoStruct(ctypes.Structure):
    """tile_device_info_t."""
    _fields_ = [("backend", ctypes.c_char_p), ("ordinal", ctypes.c_int),
                ("name", ctypes.c_char_p), ("chip", ctypes.c_char_p),
                ("memory_bytes", ctypes.c_uint64),
                ("compute_units", ctypes.c_int)]


_P = ctypes.c_void_p
_SIZE = ctypes.c_size_t
# name: (restype, argtypes). Every function returning a status returns a
# pointer (NULL on success).
_PROTOTYPES = {
    "tile_status_code": (ctypes.c_int, [_P]),
    "tile_status_message": (ctypes.c_char_p, [_P]),
    "tile_status_free": (None, [_P]),
    "tile_status_code_name": (ctypes.c_char_p, [ctypes.c_int]),
    "tile_arg_kind_name": (ctypes.c_char_p, [ctypes.c_int]),
    "tile_device_count": (_P, [ctypes.c_char_p, ctypes.POINTER(ctypes.c_int)]),
    "tile_device_open": (_P, [ctypes.c_char_p, ctypes.c_int,
                              ctypes.POINTER(_P)]),
    "tile_device_close": (_P, [_P]),
    "tile_device_name": (_P, [_P, ctypes.POINTER(ctypes.c_char_p)]),
    "tile_device_synchronize": (_P, [_P]),
    "tile_device_info": (_P, [_P, ctypes.POINTER(DeviceInfoStruct)]),
    "tile_buffer_alloc": (_P, [_P, _SIZE, ctypes.POINTER(_P)]),
    "tile_buffer_wrap": (_P, [_P, _P, _SIZE, ctypes.POINTER(_P)]),
    "tile_buffer_free": (_P, [_P]),
    "tile_buffer_size": (_P, [_P, ctypes.POINTER(_SIZE)]),
    "tile_buffer_copy_from_host": (_P, [_P, _SIZE, _P, _SIZE]),
    "tile_buffer_copy_to_host": (_P, [_P, _SIZE, _P, _SIZE]),
    "tile_buffer_fill": (_P, [_P, _P, _SIZE]),
    "tile_module_load": (_P, [_P, _P, _SIZE, ctypes.POINTER(_P)]),
    "tile_module_load_file": (_P, [_P, ctypes.c_char_p, ctypes.POINTER(_P)]),
    "tile_module_unload": (_P, [_P]),
    "tile_module_get_kernel": (_P, [_P, ctypes.c_char_p, ctypes.POINTER(_P)]),
    "tile_kernel_num_args": (_P, [_P, ctypes.POINTER(_SIZE)]),
    "tile_kernel_arg_kind": (_P, [_P, _SIZE, ctypes.POINTER(ctypes.c_int)]),
    "tile_kernel_attribute": (_P, [_P, ctypes.c_char_p,
                                   ctypes.POINTER(ctypes.c_int64)]),
    "tile_kernel_launch": (_P, [_P, ctypes.POINTER(ctypes.c_uint32),
                                ctypes.POINTER(Arg), _SIZE]),
    "tile_kernel_launch_timed": (_P, [_P, ctypes.POINTER(ctypes.c_uint32),
                                      ctypes.POINTER(Arg), _SIZE,
                                      ctypes.POINTER(ctypes.c_double)]),
    "tile_kernel_grid": (_P, [_P, ctypes.POINTER(Arg), _SIZE,
                              ctypes.POINTER(ctypes.c_uint32)]),
    "tile_kernel_num_alternatives": (_P, [_P, ctypes.POINTER(_SIZE)]),
    "tile_kernel_alternative_symbol": (_P, [_P, _SIZE,
                                            ctypes.POINTER(ctypes.c_char_p)]),
    "tile_kernel_tune": (_P, [_P, ctypes.POINTER(ctypes.c_uint32),
                              ctypes.POINTER(Arg), _SIZE,
                              ctypes.POINTER(ctypes.c_double), _SIZE,
                              ctypes.POINTER(_SIZE)]),
    "tile_stream_create": (_P, [_P, ctypes.POINTER(_P)]),
    "tile_stream_wrap": (_P, [_P, _P, ctypes.POINTER(_P)]),
    "tile_stream_destroy": (_P, [_P]),
    "tile_stream_synchronize": (_P, [_P]),
    "tile_stream_query": (_P, [_P, ctypes.POINTER(ctypes.c_int)]),
    "tile_stream_wait_event": (_P, [_P, _P]),
    "tile_buffer_copy_from_host_async": (_P, [_P, _SIZE, _P, _SIZE, _P]),
    "tile_buffer_copy_to_host_async": (_P, [_P, _SIZE, _P, _SIZE, _P]),
    "tile_kernel_launch_async": (_P, [_P, _P, ctypes.POINTER(ctypes.c_uint32),
                                      ctypes.POINTER(Arg), _SIZE]),
    "tile_event_create": (_P, [_P, ctypes.POINTER(_P)]),
    "tile_event_destroy": (_P, [_P]),
    "tile_event_record": (_P, [_P, _P]),
    "tile_event_synchronize": (_P, [_P]),
    "tile_event_query": (_P, [_P, ctypes.POINTER(ctypes.c_int)]),
    "tile_event_elapsed": (_P, [_P, _P, ctypes.POINTER(ctypes.c_double)]),
}

_NAMES = ("libtile_runtime.so.0.1", "libtile_runtime.so")


def _install_lib_dirs():
    """<prefix>/lib for a package installed at
    <prefix>/lib/python3/dist-packages/tile_runtime (Debian) or
    <prefix>/lib/pythonX.Y/site-packages/tile_runtime (and lib64)."""
    package = os.path.dirname(os.path.abspath(__file__))
    site = os.path.dirname(package)            # dist-packages, site-packages
    python = os.path.dirname(site)             # python3, pythonX.Y
    libdir = os.path.dirname(python)           # lib, lib64
    dirs = []
    if os.path.basename(site) in ("dist-packages", "site-packages") and \
            os.path.basename(python).startswith("python"):
        dirs.append(libdir)
    return dirs


def _candidates():
    """(description, path or name) in the order tried."""
    env = os.environ.get("TILE_RUNTIME_LIBRARY")
    if env:
        # An explicit choice is the only one: falling back elsewhere would
        # hide a wrong path.
        return [("TILE_RUNTIME_LIBRARY", env)]
    out = []
    for d in _install_lib_dirs():
        for name in _NAMES:
            out.append(("next to the package", os.path.join(d, name)))
    found = ctypes.util.find_library("tile_runtime")
    out.append(("ctypes.util.find_library('tile_runtime')", found))
    for name in _NAMES:
        out.append(("the dynamic loader's search path", name))
    return out


class _Library:
    """The loaded library, on first use (importing tile_runtime never fails
    for want of it)."""

    def __init__(self):
        self._cdll = None
        self.path = None
        self._lock = threading.Lock()

    def load(self, path=None):
        with self._lock:
            if self._cdll is not None:
                if path is not None and os.path.abspath(path) != self.path:
                    raise TileValueError(
                        "the tile runtime is already loaded from %s"
                        % self.path)
                return self._cdll
            tried = []
            candidates = [("load_library()", path)] if path else _candidates()
            for how, where in candidates:
                if where is None:
                    tried.append("%s: nothing found" % how)
                    continue
                if os.sep in where and not os.path.exists(where):
                    tried.append("%s (%s): no such file" % (where, how))
                    continue
                try:
                    cdll = ctypes.CDLL(where)
                except OSError as e:
                    tried.append("%s (%s): %s" % (where, how, e))
                    continue
                missing = [n for n in _PROTOTYPES if not hasattr(cdll, n)]
                if missing:
                    tried.append("%s (%s): not the tile runtime of this "
                                 "binding (no %s)" % (where, how,
                                                      ", ".join(missing)))
                    continue
                for name, (restype, argtypes) in _PROTOTYPES.items():
                    fn = getattr(cdll, name)
                    fn.restype = restype
                    fn.argtypes = argtypes
                self._cdll = cdll
                self.path = os.path.abspath(where) if os.sep in where \
                    else where
                return cdll
            raise LibraryNotFoundError(
                "cannot load the tile runtime library (libtile_runtime.so); "
                "set TILE_RUNTIME_LIBRARY to its path. Tried:\n  "
                + "\n  ".join(tried))

    def __getattr__(self, name):
        # Only reached before a function's first use: it is cached then.
        if name.startswith("tile_"):
            fn = getattr(self.load(), name)
            setattr(self, name, fn)
            return fn
        raise AttributeError(name)


lib = _Library()


def load_library(path=None):
    """Loads the runtime now (from ``path`` if given, else as described in
    the package's docstring) and returns the path or name it was loaded
    from. Raises LibraryNotFoundError."""
    lib.load(path)
    return lib.path


def library_path():
    """Where the runtime was loaded from, or None before the first use."""
    return lib.path


def check(status):
    """Raises TileError for a non-NULL status, after freeing it."""
    if not status:
        return
    try:
        code = lib.tile_status_code(status)
        message = lib.tile_status_message(status)
        name = lib.tile_status_code_name(code)
    finally:
        lib.tile_status_free(status)
    raise TileError(name.decode("utf-8", "replace") if name else str(code),
                    message.decode("utf-8", "replace") if message else "",
                    code)


def kind_name(kind):
    """"ptr", "i32", ... as the runtime spells an argument kind."""
    return lib.tile_arg_kind_name(int(kind)).decode()


def finalizing():
    return sys.is_finalizing()
