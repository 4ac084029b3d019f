"""Kernel arguments: Python and NumPy scalars to tile_arg_t values, and the
memory of arrays and tensors (NumPy, __cuda_array_interface__, DLPack) to an
address and a byte size for tile_buffer_wrap."""

import ctypes
import math
import numbers
import operator

from ._library import ArgKind, TileTypeError, TileValueError

# DLPack device types (dlpack.h).
KDL_CPU = 1
KDL_CUDA = 2
KDL_CUDA_HOST = 3
KDL_ROCM = 10
_DL_DEVICE_NAMES = {1: "kDLCPU", 2: "kDLCUDA", 3: "kDLCUDAHost",
                    4: "kDLOpenCL", 7: "kDLVulkan", 8: "kDLMetal",
                    9: "kDLVPI", 10: "kDLROCM", 11: "kDLROCMHost",
                    13: "kDLCUDAManaged", 14: "kDLOneAPI"}
# The DLPack device type of each GPU backend's memory, and the stream value
# that names the legacy default stream, where launches without a native
# stream go (the array API's __dlpack__(stream=...) convention: 1 on CUDA,
# 0 on ROCm).
_GPU_DLPACK = {"cuda": (KDL_CUDA, 1), "hip": (KDL_ROCM, 0)}
# Memory a GPU backend can use from any of its devices, and memory a CPU
# device can (pinned host memory is host memory).
_GPU_MANAGED_DLPACK = {"cuda": 13, "hip": None}
_HOST_DLPACK = (KDL_CPU, KDL_CUDA_HOST, 11)

_INT_BITS = {ArgKind.I8: 8, ArgKind.I16: 16, ArgKind.I32: 32, ArgKind.I64: 64}
F16_MAX = 65504.0
BF16_MAX = float.fromhex("0x1.fep127")
F32_MAX = float.fromhex("0x1.fffffep127")


def _describe(value):
    """A short description of a value for messages: "float 3.0",
    "numpy.float32 1.5", "a numpy array", "a tile_runtime.Buffer"."""
    np = _numpy()
    if np is not None and isinstance(value, np.ndarray):
        return "a numpy array"
    if np is not None and isinstance(value, np.generic):
        return "numpy.%s %r" % (type(value).__name__, value.item())
    if value is None:
        return "None"
    if isinstance(value, (bool, int, float, complex)):
        return "%s %r" % (type(value).__name__, value)
    module = type(value).__module__ or ""
    if module.startswith("tile_runtime"):
        module = "tile_runtime"
    if module != "builtins":
        return "a %s.%s" % (module, type(value).__name__)
    return "a %s" % type(value).__name__


def _is_numpy(value, abstract):
    np = _numpy()
    return np is not None and isinstance(value, getattr(np, abstract))


_np = None


def _numpy():
    global _np
    if _np is None:
        try:
            import numpy
            _np = numpy
        except ImportError:  # numpy is optional for scalar arguments
            _np = False
    return _np or None


def float_bits(value, man_bits, exp_bits):
    """The bits of the float format with `man_bits` stored significand bits
    and `exp_bits` exponent bits nearest to the double `value`, ties to even
    (one rounding, from the double itself); overflow gives infinity and NaN a
    quiet NaN of the same sign."""
    sign = (1 << (man_bits + exp_bits)) if math.copysign(1.0, value) < 0 else 0
    exp_all = (1 << exp_bits) - 1
    if math.isnan(value):
        return sign | (exp_all << man_bits) | (1 << (man_bits - 1))
    if math.isinf(value):
        return sign | (exp_all << man_bits)
    magnitude = abs(value)
    if magnitude == 0.0:
        return sign
    bias = (1 << (exp_bits - 1)) - 1
    m, e = math.frexp(magnitude)        # magnitude = m * 2^e, m in [0.5, 1)
    exponent = max(e - 1, 1 - bias)     # subnormals share the lowest exponent
    # Exact: a power-of-two scaling of a double to at most man_bits+1 bits
    # before the point. round() on a float rounds half to even.
    scaled = math.ldexp(magnitude, man_bits - exponent)
    n = int(round(scaled))
    # For normals n is in [2^man_bits, 2^(man_bits+1)]; a carry into the next
    # binade (or from the subnormals into the normals) lands on the right
    # encoding by the addition, up to infinity.
    if exponent == 1 - bias and n < (1 << man_bits):
        bits = n
    else:
        bits = ((exponent + bias) << man_bits) + (n - (1 << man_bits))
    if bits >= exp_all << man_bits:
        bits = exp_all << man_bits
    return sign | bits


def f16_bits(value):
    """IEEE binary16 bits of a double, round to nearest even."""
    return float_bits(float(value), 10, 5)


def bf16_bits(value):
    """bfloat16 bits of a double, round to nearest even (one rounding: not
    through f32)."""
    return float_bits(float(value), 7, 8)


def scalar_value(kind, value, where):
    """The tile_arg_t value field and its content for a scalar of `kind`:
    ("i", int64), ("f", float) or ("bits16", uint16). `where` names the
    argument in messages ("argument #3 of kernel 'k'")."""
    kname = kind.name.lower()
    if kind in (ArgKind.I1, ArgKind.I8, ArgKind.I16, ArgKind.I32,
                ArgKind.I64):
        if isinstance(value, float) or _is_numpy(value, "floating") or \
                isinstance(value, (complex, str, bytes)) or \
                _is_numpy(value, "complexfloating"):
            raise TileTypeError("%s is %s, got %s (an integer kind takes an "
                                "int)" % (where, kname, _describe(value)))
        try:
            v = int(value) if _is_numpy(value, "bool_") else \
                operator.index(value)
        except TypeError:
            raise TileTypeError("%s is %s, got %s" % (where, kname,
                                                      _describe(value))) \
                from None
        if kind == ArgKind.I1:
            if v not in (0, 1):
                raise TileValueError("%s is i1, got %d (expected 0 or 1)"
                                     % (where, v))
            return "i", v
        bits = _INT_BITS[kind]
        low, high = -(1 << (bits - 1)), (1 << bits) - 1
        if not low <= v <= high:
            raise TileValueError(
                "%s is %s, and %d does not fit in %d bits (signless: %d to "
                "%d)" % (where, kname, v, bits, low, high))
        if v >= 1 << 63:            # an unsigned i64: the same 64 bits
            v -= 1 << 64
        return "i", v
    # Floats: Python and NumPy numbers, ints included.
    if isinstance(value, (bool, complex, str, bytes)) or \
            _is_numpy(value, "complexfloating") or \
            _is_numpy(value, "bool_") or \
            not (isinstance(value, numbers.Real) or
                 _is_numpy(value, "number")):
        raise TileTypeError("%s is %s, got %s" % (where, kname,
                                                  _describe(value)))
    try:
        f = float(value)
    except OverflowError:
        text = str(value)
        if len(text) > 24:
            text = "an int of %d digits" % len(text.lstrip("-"))
        raise TileValueError("%s is %s, and %s is out of its range"
                             % (where, kname, text)) from None
    limit = {ArgKind.F16: F16_MAX, ArgKind.BF16: BF16_MAX,
             ArgKind.F32: F32_MAX}.get(kind)
    # As the runtime does for f32: a finite value must not exceed the
    # largest finite value of the kind (infinity and NaN pass as they are).
    if limit is not None and math.isfinite(f) and abs(f) > limit:
        raise TileValueError("%s is %s, and %r is out of its range (at most "
                             "%r)" % (where, kname, f, limit))
    if kind == ArgKind.F16:
        return "bits16", f16_bits(f)
    if kind == ArgKind.BF16:
        return "bits16", bf16_bits(f)
    return "f", f


#===-- Memory of arrays and tensors --------------------------------------===#

def _c_strides(shape, itemsize):
    strides, step = [], itemsize
    for extent in reversed(shape):
        strides.append(step)
        step *= max(int(extent), 1)
    return list(reversed(strides))


def _is_c_contiguous(shape, strides_bytes, itemsize):
    """Whether the layout is compact row-major (dimensions of extent 1 may
    have any stride)."""
    if strides_bytes is None:
        return True
    for extent, got, want in zip(shape, strides_bytes,
                                 _c_strides(shape, itemsize)):
        if extent != 1 and got != want:
            return False
    return True


class Memory:
    """An address and byte size to wrap, and what keeps it alive: `owner`,
    plus `release()` for a DLPack tensor, which hands it back."""

    def __init__(self, address, nbytes, owner, kind, release=None):
        self.address = address
        self.nbytes = nbytes
        self.owner = owner
        self.kind = kind    # "numpy", "dlpack", "cuda_array", "torch"
        self._release = release

    def release(self):
        release, self._release = self._release, None
        self.owner = None
        if release:
            release()


def numpy_memory(array, where):
    """The memory of a NumPy array, used in place: C-contiguous, writeable,
    aligned for its element type, no Python objects, not empty."""
    if not array.flags.c_contiguous:
        raise TileTypeError(
            "%s: the numpy array is not C-contiguous (shape %s, strides %s); "
            "the kernel sees memory from the array's base address, so pass "
            "numpy.ascontiguousarray(a) and copy the result back"
            % (where, tuple(array.shape), tuple(array.strides)))
    if array.dtype.hasobject:
        raise TileTypeError("%s: the numpy array holds Python objects "
                            "(dtype %s)" % (where, array.dtype))
    if not array.flags.writeable:
        raise TileTypeError("%s: the numpy array is read-only; a kernel may "
                            "write any buffer it gets, so pass a writeable "
                            "copy (numpy.array(a))" % where)
    if not array.flags.aligned:
        raise TileTypeError("%s: the numpy array's base address is not a "
                            "multiple of its element size (%d)"
                            % (where, array.dtype.itemsize))
    if array.nbytes == 0:
        raise TileValueError("%s: the numpy array is empty (0 bytes); the "
                             "runtime has no empty buffers" % where)
    return Memory(array.ctypes.data, array.nbytes, array, "numpy")


def cuda_array_memory(obj, where):
    """The memory of an object with __cuda_array_interface__ (version 0-3):
    compact row-major (strides None or equal to it), writeable, no mask.
    The interface's `stream` is not synchronized with here: a launch with
    no stream= goes on it instead (see the package docstring)."""
    cai = obj.__cuda_array_interface__
    try:
        shape = tuple(int(s) for s in cai["shape"])
        typestr = cai["typestr"]
        address, readonly = cai["data"]
    except (KeyError, TypeError, ValueError) as e:
        raise TileTypeError("%s: malformed __cuda_array_interface__ (%s)"
                            % (where, e)) from None
    if cai.get("mask") is not None:
        raise TileTypeError("%s: __cuda_array_interface__ with a mask is not "
                            "supported" % where)
    np = _numpy()
    try:
        itemsize = np.dtype(typestr).itemsize if np else int(typestr[2:])
    except (TypeError, ValueError):
        raise TileTypeError("%s: unknown __cuda_array_interface__ typestr %r"
                            % (where, typestr)) from None
    strides = cai.get("strides")
    if not _is_c_contiguous(shape, strides, itemsize):
        raise TileTypeError(
            "%s: the CUDA array is not C-contiguous (shape %s, strides %s); "
            "pass a contiguous copy (e.g. tensor.contiguous())"
            % (where, shape, tuple(strides)))
    if readonly:
        raise TileTypeError("%s: the CUDA array is read-only" % where)
    nbytes = itemsize
    for s in shape:
        nbytes *= s
    if nbytes == 0 or not address:
        raise TileValueError("%s: the CUDA array is empty (0 bytes); the "
                             "runtime has no empty buffers" % where)
    return Memory(int(address), nbytes, obj, "cuda_array")


class _DLDevice(ctypes.Structure):
    _fields_ = [("device_type", ctypes.c_int32), ("device_id", ctypes.c_int32)]


class _DLDataType(ctypes.Structure):
    _fields_ = [("code", ctypes.c_uint8), ("bits", ctypes.c_uint8),
                ("lanes", ctypes.c_uint16)]


class _DLTensor(ctypes.Structure):
    _fields_ = [("data", ctypes.c_void_p), ("device", _DLDevice),
                ("ndim", ctypes.c_int32), ("dtype", _DLDataType),
                ("shape", ctypes.POINTER(ctypes.c_int64)),
                ("strides", ctypes.POINTER(ctypes.c_int64)),
                ("byte_offset", ctypes.c_uint64)]


_DELETER = ctypes.PYFUNCTYPE(None, ctypes.c_void_p)


class _DLManagedTensor(ctypes.Structure):
    _fields_ = [("dl_tensor", _DLTensor), ("manager_ctx", ctypes.c_void_p),
                ("deleter", ctypes.c_void_p)]


_capsule_get = ctypes.pythonapi.PyCapsule_GetPointer
_capsule_get.restype = ctypes.c_void_p
_capsule_get.argtypes = [ctypes.py_object, ctypes.c_char_p]
_capsule_set_name = ctypes.pythonapi.PyCapsule_SetName
_capsule_set_name.restype = ctypes.c_int
_capsule_set_name.argtypes = [ctypes.py_object, ctypes.c_char_p]
_capsule_is_valid = ctypes.pythonapi.PyCapsule_IsValid
_capsule_is_valid.restype = ctypes.c_int
_capsule_is_valid.argtypes = [ctypes.py_object, ctypes.c_char_p]
# PyCapsule_SetName keeps the pointer: the name must outlive every capsule.
_USED_NAME = ctypes.create_string_buffer(b"used_dltensor")


def dlpack_device(obj):
    """(device type, device id) from __dlpack_device__."""
    device_type, device_id = obj.__dlpack_device__()
    return int(device_type), int(device_id)


def dl_device_name(device_type, device_id):
    return "%s:%d" % (_DL_DEVICE_NAMES.get(device_type, str(device_type)),
                      device_id)


def dlpack_stream(backend, native=None):
    """The __dlpack__(stream=...) value for work on the native stream
    `native` (a CUstream or hipStream_t as an int; None: the runtime's
    default stream, or a stream it made, which synchronizes with it). On
    CUDA the protocol has no 0: the default stream a framework reports as 0
    (torch's cuda_stream) is the legacy default stream, 1."""
    default = _GPU_DLPACK[backend][1]
    if native is None:
        return default
    if backend == "cuda" and native == 0:
        return default
    return native


def dlpack_memory(obj, backend, where, stream=None):
    """The memory of a DLPack producer (__dlpack__ and __dlpack_device__),
    whose device was already checked. On a GPU the producer is asked for
    the stream the work goes to (`stream`, a native handle; None: the
    default stream), so that it orders its pending work on its current
    stream before ours (the protocol's stream argument); a producer that
    takes no stream argument is asked without one. The capsule is consumed:
    release() calls its deleter."""
    if backend in _GPU_DLPACK:
        try:
            capsule = obj.__dlpack__(stream=dlpack_stream(backend, stream))
        except TypeError:
            capsule = obj.__dlpack__()
    else:
        capsule = obj.__dlpack__()
    if not _capsule_is_valid(capsule, b"dltensor"):
        raise TileTypeError("%s: __dlpack__ did not return an unconsumed "
                            "'dltensor' capsule" % where)
    pointer = _capsule_get(capsule, b"dltensor")
    managed = _DLManagedTensor.from_address(pointer)
    t = managed.dl_tensor
    shape = [t.shape[i] for i in range(t.ndim)]
    itemsize = (t.dtype.bits * t.dtype.lanes + 7) // 8
    strides = None
    if t.strides:
        strides = [t.strides[i] * itemsize for i in range(t.ndim)]
    contiguous = _is_c_contiguous(shape, strides, itemsize)
    nbytes = itemsize
    for s in shape:
        nbytes *= s
    address = (t.data or 0) + t.byte_offset
    # Consume the capsule: from here the deleter is ours to call.
    _capsule_set_name(capsule, _USED_NAME)
    deleter = managed.deleter

    def release():
        if deleter:
            _DELETER(deleter)(pointer)

    if not contiguous or nbytes == 0 or not address:
        release()
        if not contiguous:
            raise TileTypeError(
                "%s: the DLPack tensor is not C-contiguous (shape %s, "
                "strides %s elements); pass a contiguous copy"
                % (where, tuple(shape),
                   tuple(s // itemsize for s in strides)))
        raise TileValueError("%s: the DLPack tensor is empty (0 bytes); the "
                             "runtime has no empty buffers" % where)
    return Memory(address, nbytes, obj, "dlpack", release)


def host_memory(obj, backend, where, whose="the kernel's device"):
    """Memory of `obj` for a CPU device: a NumPy array, or a DLPack tensor
    in host memory. Raises for GPU memory and anything else."""
    np = _numpy()
    if np is not None and isinstance(obj, np.ndarray):
        return numpy_memory(obj, where)
    if hasattr(obj, "__dlpack_device__") and hasattr(obj, "__dlpack__"):
        device = dlpack_device(obj)
        if device[0] not in _HOST_DLPACK:
            raise TileTypeError(
                "%s is a tensor on %s, but %s is %s; copy it to host memory "
                "first" % (where, dl_device_name(*device), whose, backend))
        return dlpack_memory(obj, backend, where)
    if hasattr(obj, "__cuda_array_interface__"):
        raise TileTypeError("%s is a CUDA array (__cuda_array_interface__), "
                            "but %s is %s" % (where, whose, backend))
    return None


def torch_memory(obj, ordinal, where):
    """The memory of a torch tensor on GPU `ordinal` read from the tensor
    itself (data_ptr, numel, element_size): for a launch on torch's current
    stream, which needs no stream handshake, DLPack's export costs tens of
    microseconds per tensor for nothing. None if `obj` is not such a
    tensor (DLPack then reports why)."""
    device = getattr(obj, "device", None)
    if not getattr(obj, "is_cuda", False) or device.index != ordinal:
        return None
    if not obj.is_contiguous():
        raise TileTypeError(
            "%s: the torch tensor is not contiguous (shape %s, strides %s); "
            "pass tensor.contiguous()" % (where, tuple(obj.shape),
                                          tuple(obj.stride())))
    nbytes = obj.numel() * obj.element_size()
    if nbytes == 0:
        raise TileValueError("%s: the torch tensor is empty (0 bytes); the "
                             "runtime has no empty buffers" % where)
    return Memory(obj.data_ptr(), nbytes, obj, "torch")


def gpu_memory(obj, backend, ordinal, where,
               whose="the kernel's device", stream=None):
    """Memory of `obj` for a GPU device: DLPack (preferred: it names the
    device) or __cuda_array_interface__. Raises for host memory. `stream`
    is the native stream the work goes to (dlpack_memory)."""
    np = _numpy()
    if np is not None and isinstance(obj, np.ndarray):
        raise TileTypeError(
            "%s is a numpy array in host memory, but %s is %s:%d; copy it "
            "with device.from_numpy(a)" % (where, whose, backend, ordinal))
    if hasattr(obj, "__dlpack_device__") and hasattr(obj, "__dlpack__"):
        device = dlpack_device(obj)
        want = _GPU_DLPACK[backend][0]
        if device != (want, ordinal) and \
                device[0] != _GPU_MANAGED_DLPACK[backend]:
            raise TileTypeError(
                "%s is a tensor on %s, but %s is %s:%d (%s)"
                % (where, dl_device_name(*device), whose, backend, ordinal,
                   dl_device_name(want, ordinal)))
        return dlpack_memory(obj, backend, where, stream)
    if hasattr(obj, "__cuda_array_interface__"):
        return cuda_array_memory(obj, where)
    return None
